import { useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffPanelMachine } from '../../../machines/staffPanel';
import { staffPanelActors } from '../../services/staffPanel';
import { PageHeading } from '../../ui/PageHeading';
import { usePortal } from '../../app/portal';
import { ProvisionForm } from './ProvisionForm';
import { staffViewOf } from './staffPanelView';
import './staff-panel.css';

/** Where a freshly provisioned terminal starts: home, in kiosk mode from its first frame. */
export const PROVISIONED_START = '/?mode=kiosk';

/**
 * /kiosk/provision?code=…: the provisioning link staff open on a new terminal. It asks for the staff PIN (the code
 * comes from the link and can be corrected), provisions the terminal, turns kiosk mode on and goes home.
 */
export function ProvisionPage() {
  const { t } = useTranslation('kiosk');
  const { api } = usePortal();
  const search: { code?: unknown } = useSearch({ strict: false });
  const code = typeof search.code === 'string' ? search.code : '';
  const [machine] = useState(() => staffPanelMachine.provide({ actors: staffPanelActors({ api }) }));
  const panel = useActorRef(machine, { input: { now: Date.now } });
  const view = useSelector(panel, staffViewOf);
  const provisioned = useSelector(panel, (state) => state.context.provisioned);
  const terminalName = useSelector(panel, (state) => state.context.terminalName);

  // The form is the whole page, so it starts again (with the link's code) instead of closing when left alone.
  useEffect(() => {
    if (view === 'closed') panel.send({ type: 'staff.provision', code });
  }, [view, panel, code]);

  useEffect(() => {
    if (provisioned) window.location.replace(PROVISIONED_START);
  }, [provisioned]);

  return (
    <div className="page container staff-provision-page">
      <PageHeading title={t('provision.pageTitle')} />
      {provisioned ? (
        <p role="status">{t('provision.done', { name: terminalName ?? '' })}</p>
      ) : view === 'provisioning' ? (
        <ProvisionForm panel={panel} />
      ) : null}
    </div>
  );
}
