import { assign, fromPromise, setup } from 'xstate';
import { type PasswordChangeRequest } from '../src/domain/contract/profile';
import { hasErrors, required, validateFields, type FieldErrors, type FieldRules } from '../src/domain/validation/form';
import { type MessageDescriptor } from '../src/domain/validation/messages';
import { validatePassword, validatePasswordConfirmation } from '../src/domain/validation/password';
import { callFailure, checkResult, type CallFailure } from './accountForm';

/**
 * Changing the password: 'editing' → 'changing' ('pending') → 'done' (`notice`: every other session has ended), or
 * back to 'editing' with `failure` (a wrong current password shows on its field). Errors show from the first
 * submit on and follow the typing; nothing typed is cleared by a refusal.
 */
export type PasswordValues = { current_password: string; password: string; confirm_password: string };
export type PasswordField = keyof PasswordValues;

export type PasswordChangeContext = {
  values: PasswordValues;
  checked: boolean;
  errors: FieldErrors<PasswordValues>;
  formError: MessageDescriptor | null;
  failure: CallFailure | null;
  notice: string | null;
};

export type PasswordChangeEvent = { type: 'field.change'; field: PasswordField; value: string } | { type: 'password.submit' };

const RULES: FieldRules<PasswordValues> = {
  current_password: (value) => required(value, { labelKey: 'currentPassword' }),
  password: [(value) => required(value, { labelKey: 'newPassword' }), (value) => validatePassword(value)],
  confirm_password: (value, values) => validatePasswordConfirmation(values.password, value, 'registration'),
};

const errorsOf = (context: PasswordChangeContext) => validateFields(context.values, RULES);

export const passwordChangeMachine = setup({
  types: { context: {} as PasswordChangeContext, events: {} as PasswordChangeEvent },
  actors: {
    /** Answers the server's message. */
    changePassword: fromPromise<string, PasswordChangeRequest>(() => Promise.reject(new Error('changePassword is provided by the app'))),
  },
  guards: { isValid: ({ context }) => !hasErrors(errorsOf(context)) },
  actions: {
    setField: assign(({ context }, change: { field: PasswordField; value: string }) => ({ values: { ...context.values, [change.field]: change.value } })),
    check: assign(({ context }) => ({ checked: true, ...checkResult(errorsOf(context)) })),
    recheck: assign(({ context }) => (context.checked ? checkResult(errorsOf(context)) : {})),
    storeFailure: assign((_, failed: { error: unknown }) => ({ failure: callFailure(failed.error) })),
    clearFailure: assign(() => ({ failure: null })),
    storeNotice: assign((_, notice: string) => ({ notice, values: { current_password: '', password: '', confirm_password: '' }, checked: false, errors: {}, formError: null })),
  },
}).createMachine({
  id: 'passwordChange',
  context: { values: { current_password: '', password: '', confirm_password: '' }, checked: false, errors: {}, formError: null, failure: null, notice: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: [{ type: 'setField', params: ({ event }) => event }, 'recheck'] },
        'password.submit': [{ guard: 'isValid', target: 'changing', actions: 'check' }, { actions: 'check' }],
      },
    },
    changing: {
      tags: 'pending',
      entry: 'clearFailure',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ ...context.values }),
        onDone: { target: 'done', actions: { type: 'storeNotice', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => event } },
      },
    },
    done: { type: 'final' },
  },
});
