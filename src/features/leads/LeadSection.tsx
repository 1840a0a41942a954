import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leadFormMachine } from '../../../machines/leadForm';
import { localized } from '../../domain/localize';
import { createLeadActors } from '../../services/leads';
import { afterFirstScreen } from '../../services/database';
import type { OutboxSummary } from '../../services/outbox';
import { Button } from '../../ui/Button';
import { usePortal } from '../../app/portal';
import { usePageSettled } from '../../app/pageSettled';
import { useTopModal } from '../../ui/modalStack';
import { dismissLeadForm, isLeadFormDismissed } from './leadDismissal';
import { withStrings } from '../../i18n/i18n';
import { useLanguage } from '../../i18n/useLanguage';

// The dialog (fields, captcha) stays out of the first screen's JavaScript: it loads after the first screen, or at
// once when it opens before then, so it is at hand when the network is gone.
const loadLeadDialog = withStrings(['leads', 'validation', 'account'], () => import('./LeadDialogHost'));
const LeadDialogHost = lazy(() => loadLeadDialog().then((module) => ({ default: module.LeadDialogHost })));

/**
 * The lead form on the home page (spec 001 §4 Lead form): it opens by itself once the venue's form has loaded and
 * the page has settled, unless the visitor dismissed it earlier in the session (S1-4.36, S1-4.37); the section's
 * button opens it again (S1-4.38). A successful submit shows the server's message and closes it (S1-4.39, S1-8.21).
 */
export function LeadSection({ captchaSiteKey }: { captchaSiteKey: string | null | undefined }) {
  const { t } = useTranslation('leads');
  const lang = useLanguage();
  const { api, kioskVisitor } = usePortal();
  // Between visitors a terminal shows its attract screen; the form waits for the next visitor to start.
  const attractShowing = useSelector(kioskVisitor, (state) => state.matches('attract'));
  // Provided once per mount, so useActorRef always gets the same logic (not useProvided: its module brings the
  // account strings' session hooks into the home page's code).
  const [machine] = useState(() => leadFormMachine.provide({ actors: createLeadActors(api) }));
  const lead = useActorRef(machine, { input: { newKey: () => crypto.randomUUID() } });

  const status = useSelector(lead, (state) => (state.matches('noForm') ? 'none' : state.matches('loading') ? 'loading' : state.matches('loadFailed') ? 'failed' : 'ready'));
  const form = useSelector(lead, (state) => state.context.form);
  // Until the visitor opens or closes it, the dialog opens by itself once the form is there to fill in and the page
  // has settled (a popup over a page still loading would block it and hide what the visitor came to see), and not
  // over another dialog (a booking under way): it waits for that one to close. Not if dismissed this session.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const settled = usePageSettled();
  const anotherDialogOpen = useTopModal() !== null;
  const opensByItself = chosen === null && status === 'ready' && settled && !attractShowing && !anotherDialogOpen && !isLeadFormDismissed();
  useEffect(() => {
    if (opensByItself) setChosen(true);
  }, [opensByItself]);
  const open = chosen === true && !attractShowing;
  // Mounted from its first opening on, and kept mounted when closed (it shows the message of a finished submit).
  const [dialogMounted, setDialogMounted] = useState(false);
  if (open && !dialogMounted) setDialogMounted(true);
  const outbox = useOutboxSummary();
  useEffect(() => {
    // A failed preload is no loss: opening the dialog tries again.
    afterFirstScreen().then(loadLeadDialog).catch(() => {});
  }, []);

  const close = useCallback(() => {
    dismissLeadForm();
    setChosen(false);
    // A sent or queued lead is done with: the next opening starts a fresh form.
    const state = lead.getSnapshot();
    if (state.matches('sent') || state.matches('queued')) lead.send({ type: 'lead.restart' });
  }, [lead]);

  if (status === 'none') return null;
  const title = form ? localized(form, 'form_name', lang) : t('section.fallbackTitle');
  const description = form ? localized(form, 'form_description', lang) : '';
  return (
    <section className="home-leads card" aria-labelledby="leads-title" data-state={status} data-settled={settled}>
      <h2 id="leads-title">{title}</h2>
      {description ? <p>{description}</p> : null}
      <Button size="lg" onClick={() => setChosen(true)} disabled={status === 'loading'}>
        {t('section.open')}
      </Button>
      {outbox && (outbox.waiting > 0 || outbox.failed.length > 0) ? (
        <div className="lead-outbox" role="status">
          <ul>
            {outbox.waiting > 0 ? <li>{t('section.waiting', { count: outbox.waiting })}</li> : null}
            {outbox.failed.length > 0 ? <li>{t('section.failed', { count: outbox.failed.length })}</li> : null}
          </ul>
        </div>
      ) : null}
      {dialogMounted ? (
        <Suspense fallback={null}>
          <LeadDialogHost lead={lead} open={open} onClose={close} captchaSiteKey={captchaSiteKey} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** What this device's outbox holds, kept current as rows are queued, sent or refused. */
function useOutboxSummary(): OutboxSummary | null {
  const [summary, setSummary] = useState<OutboxSummary | null>(null);
  useEffect(() => {
    let current = true;
    let stop = () => {};
    // The outbox lives in device storage, which opens after the first screen; so does its module.
    void afterFirstScreen()
      .then(() => import('../../services/outbox'))
      .then(
        ({ outboxSummary, onOutboxChange }) => {
          if (!current) return;
          const read = () => {
            void outboxSummary().then(
              (next) => {
                if (current) setSummary(next);
              },
              () => {},
            );
          };
          read();
          stop = onOutboxChange(read);
        },
        () => {},
      );
    return () => {
      current = false;
      stop();
    };
  }, []);
  return summary;
}
