import { assign, fromPromise, setup } from 'xstate';
import {
  type AccountUser,
  type RegistrationCodeCheckRequest,
  type RegistrationCodeRequest,
} from '../src/domain/contract/auth';
import { DEFAULT_COUNTRY_CODE } from '../src/domain/constants';
import { validateCaptcha } from '../src/domain/validation/captcha';
import { validateEmail } from '../src/domain/validation/email';
import {
  FILL_REQUIRED_FIELDS,
  hasErrors,
  required,
  validateFields,
  type FieldErrors,
  type FieldRules,
  type Rule,
} from '../src/domain/validation/form';
import { type MessageDescriptor } from '../src/domain/validation/messages';
import { validateMobile } from '../src/domain/validation/mobile';
import { validateName } from '../src/domain/validation/name';
import { validateOtp } from '../src/domain/validation/otp';
import { validatePassword, validatePasswordConfirmation } from '../src/domain/validation/password';
import { callFailure, checkResult, restingStates, submitTo, UNCHECKED, VALIDATION_STATES, type CallFailure } from './accountForm';

/**
 * Sign-up (and partner sign-up with `input.partner`), document 000 wording ('Passwords must match', 'Invalid
 * OTP', 'Please verify you are human'). Two parallel regions:
 *
 * - `validation`: 'pristine' until the visible step is first submitted, then 'valid' | 'invalid'; from then on
 *   every change re-checks that step. Read `context.errors` (descriptor per field, keys as in `RegisterField` plus
 *   'terms_accepted' and 'captcha') and `context.formError` ('Please fix all errors').
 * - `submission`, the step shown:
 *   - 'details': the form + captcha → 'requestingCode' (a code to the mobile and e-mail) → 'code'
 *     (`context.notice` is the server's message);
 *   - 'code': the 6-digit code → 'checkingCode' (the code with mobile and e-mail is validated FIRST) → only then
 *     'registering' (the multipart form) → 'done' (S0-5.18). A refused code sets `context.codeError` (show
 *     `context.failure.message` on the code field); a registration the server refuses for its code does too
 *     (S0-5.19, S0-8.22). 'register.resendCode' asks for a new code ('resendingCode', needs a fresh captcha);
 *     'register.back' returns to 'details'.
 *   Each step is 'idle' | its busy children | 'failure' (`context.failure`: message, status, the server's
 *   per-field messages in `fieldErrors`, and `codeError`). Busy states carry the 'pending' tag.
 * - 'done': `context.registration` = { token (null for a partner awaiting approval), user, awaiting_approval },
 *   `context.notice` the server's message. With a token the UI sends session.registered.
 *
 * Nothing typed is cleared. The captcha answer is cleared after every call that sent it (one call per answer);
 * `context.captchaRound` counts the clearings so the widget can be reset.
 */
export type RegisterTextField =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'countryCode'
  | 'mobile'
  | 'password'
  | 'confirm_password'
  | 'dob'
  | 'gender'
  | 'nationality'
  | 'entity_name'
  | 'entity_type'
  | 'contact_person'
  | 'otp';
export type RegisterField = RegisterTextField | 'terms_accepted';
/** A step's checks; 'resend' checks only the captcha a new code request needs. */
export type RegisterCheck = 'details' | 'code' | 'resend';
export type RegisterValues = Record<RegisterTextField, string> & { terms_accepted: boolean };
type CheckedValues = RegisterValues & { captcha: string };
export type RegisterErrors = FieldErrors<CheckedValues>;

export type RegisterInput = { countryCode?: string; partner?: boolean };

/** The registration as the register actor sends it (multipart, booleans as '1'/'0' on the wire). */
export type RegistrationSubmission = {
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  mobile: string;
  otp: string;
  password: string;
  confirm_password: string;
  dob: string;
  gender: string;
  nationality: string;
  terms_accepted: boolean;
  is_partner: boolean;
  entity_name: string;
  entity_type: string;
  contact_person: string;
};

export type Registration = { token: string | null; user: AccountUser; awaiting_approval: boolean };
/** What the register actor answers: the registration and the server's message. */
export type RegistrationResult = Registration & { message: string };

export type RegisterContext = {
  partner: boolean;
  values: RegisterValues;
  captcha: string;
  captchaRound: number;
  checkedStep: RegisterCheck | null;
  errors: RegisterErrors;
  formError: MessageDescriptor | null;
  failure: CallFailure | null;
  /** The code step's call was refused because of the code: show the failure on the code field. */
  codeError: boolean;
  notice: string | null;
  registration: Registration | null;
};

export type RegisterEvent =
  | { type: 'field.change'; field: RegisterTextField; value: string }
  | { type: 'field.change'; field: 'terms_accepted'; value: boolean }
  | { type: 'captcha.solve'; response: string }
  | { type: 'captcha.expire' }
  | { type: 'register.submit' }
  | { type: 'register.resendCode' }
  | { type: 'register.back' };

type Values = CheckedValues & { partner: boolean };

const name = (labelKey: 'firstName' | 'lastName'): Rule<string, Values>[] => [
  (value) => required(value, { labelKey }),
  (value) => validateName(value, { labelKey }),
];
const partnerField = (labelKey: 'entityName' | 'entityType' | 'contactPerson'): Rule<string, Values> => (value, values) =>
  values.partner ? required(value, { labelKey }) : undefined;
const captchaRule = (captcha: string) => validateCaptcha(captcha, 'account');

const CHECKS: Record<RegisterCheck, FieldRules<Values>> = {
  details: {
    first_name: name('firstName'),
    last_name: name('lastName'),
    email: [(email) => required(email, { labelKey: 'email' }), (email) => validateEmail(email, 'standard')],
    mobile: (mobile, values) => validateMobile(values.countryCode, mobile),
    password: [(password) => required(password, { labelKey: 'password' }), validatePassword],
    confirm_password: (confirmation, values) => validatePasswordConfirmation(values.password, confirmation, 'registration'),
    terms_accepted: (accepted) => (accepted ? undefined : FILL_REQUIRED_FIELDS),
    entity_name: partnerField('entityName'),
    entity_type: partnerField('entityType'),
    contact_person: partnerField('contactPerson'),
    captcha: captchaRule,
  },
  code: { otp: (otp) => validateOtp(otp, 'account') },
  resend: { captcha: captchaRule },
};

const errorsOf = (check: RegisterCheck, context: RegisterContext): RegisterErrors => {
  const { partner: _partner, ...errors } = validateFields({ ...context.values, captcha: context.captcha, partner: context.partner }, CHECKS[check]);
  return errors;
};

const codeRequest = ({ values, captcha }: RegisterContext): RegistrationCodeRequest => ({
  mobile: values.mobile,
  country_code: values.countryCode,
  email: values.email,
  recaptcha_response: captcha,
});
const codeCheckRequest = ({ values }: RegisterContext): RegistrationCodeCheckRequest => ({
  otp: values.otp,
  mobile: values.mobile,
  country_code: values.countryCode,
  email: values.email,
});
const submission = ({ values, partner }: RegisterContext): RegistrationSubmission => ({
  first_name: values.first_name,
  last_name: values.last_name,
  email: values.email,
  country_code: values.countryCode,
  mobile: values.mobile,
  otp: values.otp,
  password: values.password,
  confirm_password: values.confirm_password,
  dob: values.dob,
  gender: values.gender,
  nationality: values.nationality,
  terms_accepted: values.terms_accepted,
  is_partner: partner,
  // A customer sign-up sends no partner fields, whatever was typed before switching.
  entity_name: partner ? values.entity_name : '',
  entity_type: partner ? values.entity_type : '',
  contact_person: partner ? values.contact_person : '',
});

const provided = (actor: string) => () => Promise.reject(new Error(`${actor} is provided by the app`));

export const registerMachine = setup({
  types: {
    input: {} as RegisterInput,
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
  },
  actors: {
    /** Answers the server's message. */
    requestRegistrationCode: fromPromise<string, RegistrationCodeRequest>(provided('requestRegistrationCode')),
    /** Answers the server's message; any failure is a code error. */
    validateRegistrationCode: fromPromise<string, RegistrationCodeCheckRequest>(provided('validateRegistrationCode')),
    register: fromPromise<RegistrationResult, RegistrationSubmission>(provided('register')),
  },
  guards: {
    isValid: ({ context }, check: RegisterCheck) => !hasErrors(errorsOf(check, context)),
    isChecked: ({ context }) => context.checkedStep !== null,
    hasFieldErrors: ({ context }) => hasErrors(context.errors),
  },
  actions: {
    setField: assign(({ context }, change: { field: RegisterField; value: string | boolean }) => ({
      values: { ...context.values, [change.field]: change.value },
    })),
    setCaptcha: assign((_, captcha: string) => ({ captcha })),
    clearCaptcha: assign(({ context }) => ({ captcha: '', captchaRound: context.captchaRound + 1 })),
    check: assign(({ context }, check: RegisterCheck) => ({ checkedStep: check, ...checkResult(errorsOf(check, context)) })),
    recheck: assign(({ context }) => (context.checkedStep ? checkResult(errorsOf(context.checkedStep, context)) : {})),
    uncheck: assign(() => UNCHECKED),
    storeFailure: assign((_, failed: { error: unknown }) => ({ failure: callFailure(failed.error) })),
    /** validate-otp: "an error means a code error", whatever the answer says. */
    storeCodeFailure: assign((_, failed: { error: unknown }) => ({ failure: callFailure(failed.error), codeError: true })),
    storeRegisterFailure: assign((_, failed: { error: unknown }) => {
      const failure = callFailure(failed.error);
      return { failure, codeError: failure.codeError };
    }),
    clearFailure: assign(() => ({ failure: null, codeError: false })),
    storeNotice: assign((_, notice: string) => ({ notice })),
    storeRegistration: assign((_, result: RegistrationResult) => ({
      registration: { token: result.token, user: result.user, awaiting_approval: result.awaiting_approval },
      notice: result.message,
    })),
  },
}).createMachine({
  id: 'register',
  type: 'parallel',
  context: ({ input }) => ({
    partner: input.partner ?? false,
    values: {
      first_name: '',
      last_name: '',
      email: '',
      countryCode: input.countryCode ?? DEFAULT_COUNTRY_CODE,
      mobile: '',
      password: '',
      confirm_password: '',
      dob: '',
      gender: '',
      nationality: '',
      entity_name: '',
      entity_type: '',
      contact_person: '',
      otp: '',
      terms_accepted: false,
    },
    captcha: '',
    captchaRound: 0,
    ...UNCHECKED,
    failure: null,
    codeError: false,
    notice: null,
    registration: null,
  }),
  states: {
    validation: {
      initial: 'pristine',
      on: {
        'field.change': { actions: [{ type: 'setField', params: ({ event }) => event }, 'recheck'] },
        'captcha.solve': { actions: [{ type: 'setCaptcha', params: ({ event }) => event.response }, 'recheck'] },
        'captcha.expire': { actions: [{ type: 'setCaptcha', params: '' }, 'recheck'] },
      },
      states: VALIDATION_STATES,
    },

    submission: {
      initial: 'details',
      states: {
        details: {
          initial: 'idle',
          states: {
            ...restingStates({ 'register.submit': submitTo('details', 'requestingCode') }),
            requestingCode: {
              tags: 'pending',
              entry: 'clearFailure',
              invoke: {
                id: 'requestRegistrationCode',
                src: 'requestRegistrationCode',
                input: ({ context }) => codeRequest(context),
                onDone: {
                  target: '#register.submission.code',
                  actions: ['uncheck', 'clearCaptcha', { type: 'storeNotice', params: ({ event }) => event.output }],
                },
                onError: { target: 'failure', actions: ['clearCaptcha', { type: 'storeFailure', params: ({ event }) => event }] },
              },
            },
          },
        },

        code: {
          initial: 'idle',
          on: {
            'register.back': { target: 'details', actions: ['uncheck', 'clearFailure'] },
          },
          states: {
            ...restingStates({ 'register.submit': submitTo('code', 'checkingCode'), 'register.resendCode': submitTo('resend', 'resendingCode') }),
            checkingCode: {
              tags: 'pending',
              entry: 'clearFailure',
              invoke: {
                id: 'validateRegistrationCode',
                src: 'validateRegistrationCode',
                input: ({ context }) => codeCheckRequest(context),
                onDone: { target: 'registering' },
                onError: { target: 'failure', actions: { type: 'storeCodeFailure', params: ({ event }) => event } },
              },
            },
            registering: {
              tags: 'pending',
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ context }) => submission(context),
                onDone: { target: '#register.submission.done', actions: { type: 'storeRegistration', params: ({ event }) => event.output } },
                onError: { target: 'failure', actions: { type: 'storeRegisterFailure', params: ({ event }) => event } },
              },
            },
            resendingCode: {
              tags: 'pending',
              entry: 'clearFailure',
              invoke: {
                id: 'requestRegistrationCode',
                src: 'requestRegistrationCode',
                input: ({ context }) => codeRequest(context),
                onDone: { target: 'idle', actions: ['uncheck', 'clearCaptcha', { type: 'storeNotice', params: ({ event }) => event.output }] },
                onError: { target: 'failure', actions: ['clearCaptcha', { type: 'storeFailure', params: ({ event }) => event }] },
              },
            },
          },
        },

        done: { type: 'final' },
      },
    },
  },
});
