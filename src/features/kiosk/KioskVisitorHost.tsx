import type { AnyRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Lang } from '../../domain/lang';
import { usePortal } from '../../app/portal';
import { AttractScreen } from './AttractScreen';
import { IdleWarningDialog } from './IdleWarningDialog';

/** The attract screen between visitors and the 'Are you still there?' dialog, from the kiosk visitor machine. */
export function KioskVisitorHost({ router, lang }: { router: AnyRouter; lang: Lang }) {
  const portal = usePortal();
  const visitor = portal.kioskVisitor;
  const attract = useSelector(visitor, (state) => state.matches('attract'));
  const warning = useSelector(visitor, (state) => state.matches('warning'));
  const remainingSeconds = useSelector(visitor, (state) => state.context.remainingSeconds);
  const config = useSelector(portal.shell, (state) => state.context.config);
  const carousel = useSelector(portal.shell, (state) => state.context.carousel);

  const start = (chosen: Lang) => {
    visitor.send({ type: 'visitor.start' });
    // The terminal's start address (?attract=1) gives way to the home page in the chosen language.
    void router.navigate({ to: '/', search: { lang: chosen }, replace: true });
  };

  return (
    <>
      {attract && config ? <AttractScreen config={config} carousel={carousel} lang={lang} onStart={start} /> : null}
      <IdleWarningDialog
        open={warning}
        remainingSeconds={remainingSeconds}
        onStay={() => visitor.send({ type: 'activity' })}
        onFinish={() => visitor.send({ type: 'visitor.end' })}
      />
    </>
  );
}
