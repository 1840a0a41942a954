import { assign, fromPromise, setup } from 'xstate';
import { type RegistrationCodeCheckRequest } from '../src/domain/contract/auth';
import { DEFAULT_COUNTRY_CODE } from '../src/domain/constants';
import { validateEmail } from '../src/domain/validation/email';
import { hasErrors, required, validateFields, type FieldErrors, type FieldRules } from '../src/domain/validation/form';
import { type MessageDescriptor } from '../src/domain/validation/messages';
import { validateMobile } from '../src/domain/validation/mobile';
import { validateOtp } from '../src/domain/validation/otp';
import { callFailure, checkResult, restingStates, submitTo, UNCHECKED, VALIDATION_STATES, type CallFailure } from './accountForm';

/**
 * Verify customer: the mobile number and e-mail a customer registered with and the 6-digit code sent to them,
 * checked with the registration's code check (auth/otp/validate-otp). Two parallel regions:
 *
 * - `validation`: 'pristine' until the first submit, then 'valid' | 'invalid' as the fields change. Read
 *   `context.errors` ('countryCode' | 'mobile' | 'email' | 'otp') and `context.formError` ('Please fix all errors').
 * - `submission`: 'idle' → 'verifying' ('pending') → 'done' with `context.notice` (the server's message) |
 *   'failure' (`context.failure`; every refusal of this call concerns the code, so the UI shows it on the code field).
 *
 * Nothing typed is cleared.
 */
export type VerifyField = 'countryCode' | 'mobile' | 'email' | 'otp';
export type VerifyValues = Record<VerifyField, string>;

export type VerifyCustomerContext = {
  values: VerifyValues;
  checkedStep: 'verify' | null;
  errors: FieldErrors<VerifyValues>;
  formError: MessageDescriptor | null;
  failure: CallFailure | null;
  notice: string | null;
};

export type VerifyCustomerEvent = { type: 'field.change'; field: VerifyField; value: string } | { type: 'verify.submit' };

const CHECKS: FieldRules<VerifyValues> = {
  mobile: (mobile, values) => validateMobile(values.countryCode, mobile),
  email: [(email) => required(email, { labelKey: 'email' }), (email) => validateEmail(email, 'standard')],
  otp: (otp) => validateOtp(otp, 'account'),
};

const errorsOf = (context: VerifyCustomerContext) => validateFields(context.values, CHECKS);

const codeCheckRequest = ({ values }: VerifyCustomerContext): RegistrationCodeCheckRequest => ({
  otp: values.otp,
  mobile: values.mobile,
  country_code: values.countryCode,
  email: values.email,
});

export const verifyCustomerMachine = setup({
  types: {
    context: {} as VerifyCustomerContext,
    events: {} as VerifyCustomerEvent,
  },
  actors: {
    /** Answers the server's message ('OTP verified'). */
    validateRegistrationCode: fromPromise<string, RegistrationCodeCheckRequest>(() =>
      Promise.reject(new Error('validateRegistrationCode is provided by the app')),
    ),
  },
  guards: {
    isValid: ({ context }, _check: 'verify') => !hasErrors(errorsOf(context)),
    isChecked: ({ context }) => context.checkedStep !== null,
    hasFieldErrors: ({ context }) => hasErrors(context.errors),
  },
  actions: {
    setField: assign(({ context }, change: { field: VerifyField; value: string }) => ({
      values: { ...context.values, [change.field]: change.value },
    })),
    check: assign(({ context }, check: 'verify') => ({ checkedStep: check, ...checkResult(errorsOf(context)) })),
    recheck: assign(({ context }) => (context.checkedStep ? checkResult(errorsOf(context)) : {})),
    storeFailure: assign((_, failed: { error: unknown }) => ({ failure: callFailure(failed.error) })),
    clearFailure: assign(() => ({ failure: null })),
    storeNotice: assign((_, notice: string) => ({ notice })),
  },
}).createMachine({
  id: 'verifyCustomer',
  type: 'parallel',
  context: {
    values: { countryCode: DEFAULT_COUNTRY_CODE, mobile: '', email: '', otp: '' },
    ...UNCHECKED,
    failure: null,
    notice: null,
  },
  states: {
    validation: {
      initial: 'pristine',
      on: {
        'field.change': { actions: [{ type: 'setField', params: ({ event }) => event }, 'recheck'] },
      },
      states: VALIDATION_STATES,
    },

    submission: {
      initial: 'idle',
      states: {
        ...restingStates({ 'verify.submit': submitTo('verify', 'verifying') }),
        verifying: {
          tags: 'pending',
          entry: 'clearFailure',
          invoke: {
            id: 'validateRegistrationCode',
            src: 'validateRegistrationCode',
            input: ({ context }) => codeCheckRequest(context),
            onDone: { target: 'done', actions: { type: 'storeNotice', params: ({ event }) => event.output } },
            onError: { target: 'failure', actions: { type: 'storeFailure', params: ({ event }) => event } },
          },
        },
        done: { type: 'final' },
      },
    },
  },
});
