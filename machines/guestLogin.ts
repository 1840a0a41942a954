import { assign, fromPromise, setup } from 'xstate';
import { type AuthSession, type GuestLoginRequest } from '../src/domain/contract/auth';
import { DEFAULT_COUNTRY_CODE } from '../src/domain/constants';
import { validateEmail } from '../src/domain/validation/email';
import { FILL_REQUIRED_FIELDS, hasErrors, required, validateFields, type FieldErrors, type FieldRules } from '../src/domain/validation/form';
import { type MessageDescriptor } from '../src/domain/validation/messages';
import { validateMobile } from '../src/domain/validation/mobile';
import { validateName } from '../src/domain/validation/name';
import { callFailure, checkResult, restingStates, submitTo, UNCHECKED, VALIDATION_STATES, type CallFailure } from './accountForm';

/**
 * The guest login dialog (name, mobile, email, terms agreement). Two parallel regions:
 *
 * - `validation`: 'pristine' until the form is first submitted, then 'valid' | 'invalid'; from then on every
 *   change re-checks the form. Read `context.errors` (descriptor per field: 'name' | 'countryCode' | 'mobile' |
 *   'email' | 'terms_accepted') and `context.formError` ('Please fix all errors').
 * - `submission`: 'notAllowed' when the guard `isGuestAllowed` fails (is_guest_checkout off, is_baps mode, or a
 *   cart line other than 'facility' or 'event'; S1-5.39, S1-5.41, S1-5.42: the UI hides guest login then);
 *   otherwise 'idle' → 'submitting' ('pending') → 'done' with `context.session` ({ token, user }: the UI sends
 *   session.start with `sessionUser(session)`) | 'failure' (`context.failure.message`, '' when the network failed).
 *   Terms must be accepted (S1-5.40); the UI may also disable the button while `values.terms_accepted` is false.
 *
 * Nothing typed is cleared.
 */
export type GuestTextField = 'name' | 'countryCode' | 'mobile' | 'email';
export type GuestField = GuestTextField | 'terms_accepted';
export type GuestValues = Record<GuestTextField, string> & { terms_accepted: boolean };
export type GuestErrors = FieldErrors<GuestValues>;

export type GuestLoginInput = { guestCheckoutEnabled: boolean; isBaps: boolean; cartLineTypes: string[] };

export type GuestLoginContext = GuestLoginInput & {
  values: GuestValues;
  checkedStep: 'guest' | null;
  errors: GuestErrors;
  formError: MessageDescriptor | null;
  failure: CallFailure | null;
  session: AuthSession | null;
};

export type GuestLoginEvent =
  | { type: 'field.change'; field: GuestTextField; value: string }
  | { type: 'field.change'; field: 'terms_accepted'; value: boolean }
  | { type: 'guest.submit' };

const GUEST_LINE_TYPES: readonly string[] = ['facility', 'event'];

/** is_guest_checkout on, not the is_baps mode, and a cart of facility or event lines only. */
export function isGuestAllowed({ guestCheckoutEnabled, isBaps, cartLineTypes }: GuestLoginInput): boolean {
  return guestCheckoutEnabled && !isBaps && cartLineTypes.every((type) => GUEST_LINE_TYPES.includes(type));
}

const CHECKS: FieldRules<GuestValues> = {
  name: [(name) => required(name, { labelKey: 'name' }), (name) => validateName(name, { labelKey: 'name' })],
  mobile: (mobile, values) => validateMobile(values.countryCode, mobile),
  email: [(email) => required(email, { labelKey: 'email' }), (email) => validateEmail(email, 'standard')],
  terms_accepted: (accepted) => (accepted ? undefined : FILL_REQUIRED_FIELDS),
};

const errorsOf = (context: GuestLoginContext) => validateFields(context.values, CHECKS);

const guestRequest = ({ values }: GuestLoginContext): GuestLoginRequest => ({
  name: values.name,
  mobile: values.mobile,
  country_code: values.countryCode,
  email: values.email,
  terms_accepted: values.terms_accepted,
});

export const guestLoginMachine = setup({
  types: {
    input: {} as GuestLoginInput,
    context: {} as GuestLoginContext,
    events: {} as GuestLoginEvent,
  },
  actors: {
    guestLogin: fromPromise<AuthSession, GuestLoginRequest>(() => Promise.reject(new Error('guestLogin is provided by the app'))),
  },
  guards: {
    isGuestAllowed: ({ context }) => isGuestAllowed(context),
    isValid: ({ context }, _check: 'guest') => !hasErrors(errorsOf(context)),
    isChecked: ({ context }) => context.checkedStep !== null,
    hasFieldErrors: ({ context }) => hasErrors(context.errors),
  },
  actions: {
    setField: assign(({ context }, change: { field: GuestField; value: string | boolean }) => ({
      values: { ...context.values, [change.field]: change.value },
    })),
    check: assign(({ context }, check: 'guest') => ({ checkedStep: check, ...checkResult(errorsOf(context)) })),
    recheck: assign(({ context }) => (context.checkedStep ? checkResult(errorsOf(context)) : {})),
    storeFailure: assign((_, failed: { error: unknown }) => ({ failure: callFailure(failed.error) })),
    clearFailure: assign(() => ({ failure: null })),
    storeSession: assign((_, session: AuthSession) => ({ session })),
  },
}).createMachine({
  id: 'guestLogin',
  type: 'parallel',
  context: ({ input }) => ({
    guestCheckoutEnabled: input.guestCheckoutEnabled,
    isBaps: input.isBaps,
    cartLineTypes: input.cartLineTypes,
    values: { name: '', countryCode: DEFAULT_COUNTRY_CODE, mobile: '', email: '', terms_accepted: false },
    ...UNCHECKED,
    failure: null,
    session: null,
  }),
  states: {
    validation: {
      initial: 'pristine',
      on: {
        'field.change': { actions: [{ type: 'setField', params: ({ event }) => event }, 'recheck'] },
      },
      states: VALIDATION_STATES,
    },

    submission: {
      initial: 'gate',
      states: {
        gate: {
          always: [{ guard: 'isGuestAllowed', target: 'idle' }, { target: 'notAllowed' }],
        },
        notAllowed: {},
        ...restingStates({ 'guest.submit': submitTo('guest', 'submitting') }),
        submitting: {
          tags: 'pending',
          entry: 'clearFailure',
          invoke: {
            id: 'guestLogin',
            src: 'guestLogin',
            input: ({ context }) => guestRequest(context),
            onDone: { target: 'done', actions: { type: 'storeSession', params: ({ event }) => event.output } },
            onError: { target: 'failure', actions: { type: 'storeFailure', params: ({ event }) => event } },
          },
        },
        done: { type: 'final' },
      },
    },
  },
});
