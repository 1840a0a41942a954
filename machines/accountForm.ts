import { and, not } from 'xstate';
import { FIX_ALL_ERRORS, hasErrors } from '../src/domain/validation/form';
import { type MessageDescriptor } from '../src/domain/validation/messages';

/**
 * What the account machines (login, forgot password, register, guest login) share: the shape of their
 * validation state and how they read a failed call. Machines may not import services, so the failure the real
 * actors throw (services/authActors) is read structurally here.
 */

export type FormErrors<F extends string> = Partial<Record<F, MessageDescriptor>>;

/** Errors of a checked form plus the form-wide 'Please fix all errors' when there is any. */
export function checkResult<F extends string>(errors: FormErrors<F>): { errors: FormErrors<F>; formError: MessageDescriptor | null } {
  return { errors, formError: hasErrors(errors) ? FIX_ALL_ERRORS : null };
}

export const UNCHECKED = { checkedStep: null, errors: {}, formError: null } as const;

/**
 * A failed call: the server's message (empty when the network failed: the UI shows its own text then), the HTTP
 * status (0 for no answer), the server's reason code (null when it sent none) with the values its text needs, the
 * server's per-field messages and whether the server flagged a one-time-code error. The UI translates a code it
 * knows and shows the message otherwise.
 */
export type CallFailure = {
  message: string;
  status: number;
  code: string | null;
  params: Record<string, string | number>;
  fieldErrors: Record<string, string>;
  codeError: boolean;
};

export function callFailure(error: unknown): CallFailure {
  const details = isRecord(error) ? error : {};
  const data = isRecord(details.data) ? details.data : {};
  const errors = isRecord(data.errors) ? data.errors : {};
  const params = isRecord(details.params) ? details.params : {};
  return {
    message: error instanceof Error ? error.message : '',
    status: typeof details.status === 'number' ? details.status : 0,
    code: typeof details.code === 'string' ? details.code : null,
    params: Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string | number] => ['string', 'number'].includes(typeof entry[1]))),
    fieldErrors: Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    codeError: data.code_error === true,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The validation region's states, shared by every account form: `pristine` until the visible step is first
 * submitted, then `valid` or `invalid` as its fields change. The machine supplies the guards `isChecked` and
 * `hasFieldErrors`.
 */
export const VALIDATION_STATES = {
  pristine: {
    always: [
      { guard: and(['isChecked', 'hasFieldErrors']), target: 'invalid' },
      { guard: 'isChecked', target: 'valid' },
    ],
  },
  valid: {
    always: [
      { guard: not('isChecked'), target: 'pristine' },
      { guard: 'hasFieldErrors', target: 'invalid' },
    ],
  },
  invalid: {
    always: [
      { guard: not('isChecked'), target: 'pristine' },
      { guard: not('hasFieldErrors'), target: 'valid' },
    ],
  },
} as const;

/**
 * A step's submit (or resend): when the step's fields pass they are checked and the call starts at `target`,
 * otherwise they are only checked, so their errors show. The machine supplies the guard `isValid` and the action
 * `check`, both given the step's name.
 */
export function submitTo<C extends string, T extends string>(check: C, target: T) {
  return [
    { guard: { type: 'isValid', params: check }, target, actions: { type: 'check', params: check } },
    { actions: { type: 'check', params: check } },
  ] as const;
}

/** The two states a step waits in, before its first call and after a failed one; both take the same events. */
export function restingStates<O extends object>(on: O) {
  return { idle: { on }, failure: { on } } as const;
}
