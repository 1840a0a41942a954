import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnyStateMachine } from 'xstate';
import { type AuthSession } from '../../domain/contract/auth';
import { toast } from '../../ui/toast';
import { usePortal } from '../portal';

/**
 * Hands a successful sign-in to the session actor and says so ('Login success' unless told otherwise);
 * a registration is told apart, because registering sets the last-updated time (S0-4.6).
 */
export function useStartSession(): (session: AuthSession, options?: { message?: string; registered?: boolean }) => void {
  const { session: sessionActor } = usePortal();
  const { t } = useTranslation('account');
  return useCallback(
    (session: AuthSession, options: { message?: string; registered?: boolean } = {}) => {
      const user = { ...session.user, token: session.token };
      sessionActor.send({ type: options.registered ? 'session.registered' : 'session.start', user, now: Date.now() });
      toast.success(options.message ?? t('login.success'));
    },
    [sessionActor, t],
  );
}

/** The venue's config, which the shell has loaded before any account screen shows. */
export function useSiteConfig() {
  const { shell } = usePortal();
  const config = useSelector(shell, (state) => state.context.config);
  if (!config) throw new Error('Account screens render only once the venue config is loaded');
  return config;
}

/** Provides a machine's actors once per mounted screen, so useActorRef always gets the same logic. */
export function useProvided<M extends AnyStateMachine>(provide: () => M): M {
  const [machine] = useState(provide);
  return machine;
}
