import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { passwordChangeMachine, type PasswordField } from '../../../machines/passwordChange';
import { changePassword } from '../../api/accountProfile';
import { answer } from '../../services/authActors';
import { PasswordField as PasswordInput, PasswordRequirements, ServerMessage, useFieldMessage } from '../../app/account/formParts';
import { useProvided } from '../../app/account/useAccountSession';
import { usePortal } from '../../app/portal';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useFailureText, useProfileMessage } from './profileParts';

/** Current, new and confirmed password, with the registration's rules; this device stays logged in, every other one is logged out. */
export function PasswordChangeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <Dialog open={open} title={t('password.title')} onClose={onClose} size="md">
      {open && <PasswordChangeForm onClose={onClose} />}
    </Dialog>
  );
}

function PasswordChangeForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('profile');
  const { api } = usePortal();
  const fieldMessage = useFieldMessage();
  const failureText = useFailureText();
  const profileMessage = useProfileMessage();
  const machine = useProvided(() =>
    passwordChangeMachine.provide({ actors: { changePassword: fromPromise(async ({ input }) => (await answer(changePassword(api, input))).message) } }),
  );
  const change = useActorRef(machine);
  const values = useSelector(change, (state) => state.context.values);
  const errors = useSelector(change, (state) => state.context.errors);
  const formError = useSelector(change, (state) => state.context.formError);
  const failure = useSelector(change, (state) => state.context.failure);
  const notice = useSelector(change, (state) => state.context.notice);
  const pending = useSelector(change, (state) => state.hasTag('pending'));
  const done = useSelector(change, (state) => state.matches('done'));

  if (done) {
    return (
      <div className="account-outcome" role="status">
        <p>{profileMessage(notice)}</p>
        <Button onClick={onClose}>{t('password.close')}</Button>
      </div>
    );
  }

  const set = (field: PasswordField) => (value: string) => change.send({ type: 'field.change', field, value });
  const problem = (field: PasswordField) => fieldMessage(errors[field]) ?? profileMessage(failure?.fieldErrors[field]) ?? undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.send({ type: 'password.submit' });
  };
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-busy={pending || undefined}>
      <ServerMessage message={failureText(failure) ?? fieldMessage(formError)} />
      <PasswordInput label={t('password.current')} name="current_password" value={values.current_password} onChange={set('current_password')} autoComplete="current-password" error={problem('current_password')} />
      <PasswordInput label={t('password.new')} name="password" value={values.password} onChange={set('password')} autoComplete="new-password" error={problem('password')} />
      <PasswordRequirements password={values.password} />
      <PasswordInput label={t('password.confirm')} name="confirm_password" value={values.confirm_password} onChange={set('confirm_password')} autoComplete="new-password" error={problem('confirm_password')} />
      <div className="account-actions">
        <Button type="submit" size="lg" pending={pending}>
          {t('password.submit')}
        </Button>
      </div>
    </form>
  );
}
