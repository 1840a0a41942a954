import { assign, fromPromise, setup } from 'xstate';
import {
  type AccountUser,
  type PasswordCodeCheckRequest,
  type PasswordCodeRequest,
  type PasswordResetRequest,
} from '../src/domain/contract/auth';
import { DEFAULT_COUNTRY_CODE } from '../src/domain/constants';
import { validateCaptcha } from '../src/domain/validation/captcha';
import { validateEmail } from '../src/domain/validation/email';
import { hasErrors, required, validateFields, type FieldErrors, type FieldRules } from '../src/domain/validation/form';
import { type MessageDescriptor } from '../src/domain/validation/messages';
import { validateMobile } from '../src/domain/validation/mobile';
import { validateOtp } from '../src/domain/validation/otp';
import { validatePassword, validatePasswordConfirmation } from '../src/domain/validation/password';
import { callFailure, checkResult, restingStates, submitTo, UNCHECKED, VALIDATION_STATES, type CallFailure } from './accountForm';

/**
 * The forgot-password dialog (document 000 wording: 'Please verify you are human', 'Invalid OTP', and the reset's
 * 'The passwords do not match'). Two parallel regions:
 *
 * - `validation`: 'pristine' until the visible step is first submitted, then 'valid' | 'invalid'; from then on
 *   every change re-checks that step. Read `context.errors` (descriptor per field: 'mobile' | 'countryCode' |
 *   'email' | 'captcha' | 'otp' | 'password' | 'confirm_password') and `context.formError` ('Please fix all errors').
 * - `submission`, the step shown:
 *   - 'request': mobile, email, captcha → 'requesting' → 'verify' (`context.notice` is the server's message);
 *   - 'verify': the 6-digit code → 'verifying' → 'reset'; 'forgot.resendCode' asks for a new code ('resending',
 *     needs a fresh captcha); 'forgot.back' returns to 'request';
 *   - 'reset': password + confirmation → 'resetting' → 'done' (`context.notice` is the server's
 *     'Password reset successfully.'); 'forgot.back' returns to 'verify';
 *   each step is 'idle' | its busy child | 'failure' (`context.failure.message`, '' when the network failed).
 *   Busy states carry the 'pending' tag.
 *
 * Nothing typed is cleared. The captcha answer is cleared after every call that sent it (one call per answer) and
 * after a failed request or verify (S0-7.31); `context.captchaRound` counts the clearings so the widget can be
 * reset. `context.cToken` names the reset once a code was sent.
 */
export type ForgotField = 'countryCode' | 'mobile' | 'email' | 'otp' | 'password' | 'confirm_password';
/** A step's checks; 'resend' checks only the captcha a new code request needs. */
export type ForgotCheck = 'request' | 'verify' | 'reset' | 'resend';
export type ForgotValues = Record<ForgotField, string>;
type CheckedValues = ForgotValues & { captcha: string };
export type ForgotErrors = FieldErrors<CheckedValues>;

export type ForgotInput = { countryCode?: string };

/** What requestResetCode answers: the reset's token and the server's message. */
export type ResetCode = { c_token: string; message: string };

export type ForgotContext = {
  values: ForgotValues;
  captcha: string;
  captchaRound: number;
  checkedStep: ForgotCheck | null;
  errors: ForgotErrors;
  formError: MessageDescriptor | null;
  failure: CallFailure | null;
  notice: string | null;
  cToken: string | null;
};

export type ForgotEvent =
  | { type: 'field.change'; field: ForgotField; value: string }
  | { type: 'captcha.solve'; response: string }
  | { type: 'captcha.expire' }
  | { type: 'forgot.submit' }
  | { type: 'forgot.resendCode' }
  | { type: 'forgot.back' };

const captchaRule = (captcha: string) => validateCaptcha(captcha, 'account');

const CHECKS: Record<ForgotCheck, FieldRules<CheckedValues>> = {
  request: {
    mobile: (mobile, values) => validateMobile(values.countryCode, mobile),
    email: (email) => validateEmail(email, 'login'),
    captcha: captchaRule,
  },
  verify: { otp: (otp) => validateOtp(otp, 'account') },
  reset: {
    password: [(password) => required(password, { labelKey: 'password' }), validatePassword],
    confirm_password: [
      (confirmation) => required(confirmation, { labelKey: 'confirmPassword' }),
      (confirmation, values) => validatePasswordConfirmation(values.password, confirmation, 'reset'),
    ],
  },
  resend: { captcha: captchaRule },
};

const errorsOf = (check: ForgotCheck, context: ForgotContext) => validateFields({ ...context.values, captcha: context.captcha }, CHECKS[check]);

const codeRequest = ({ values, captcha }: ForgotContext): PasswordCodeRequest => ({
  username: values.mobile,
  country_code: values.countryCode,
  email: values.email,
  recaptcha_response: captcha,
});
const codeCheckRequest = ({ values }: ForgotContext): PasswordCodeCheckRequest => ({
  otp: values.otp,
  mobile: values.mobile,
  country_code: values.countryCode,
  email: values.email,
});
const resetRequest = ({ values, cToken }: ForgotContext): PasswordResetRequest => ({
  password: values.password,
  confirm_password: values.confirm_password,
  c_token: cToken ?? '',
});

const provided = (name: string) => () => Promise.reject(new Error(`${name} is provided by the app`));

export const forgotPasswordMachine = setup({
  types: {
    input: {} as ForgotInput,
    context: {} as ForgotContext,
    events: {} as ForgotEvent,
  },
  actors: {
    requestResetCode: fromPromise<ResetCode, PasswordCodeRequest>(provided('requestResetCode')),
    /** Answers the account the code belongs to (customer_data). */
    verifyResetCode: fromPromise<AccountUser, PasswordCodeCheckRequest>(provided('verifyResetCode')),
    /** Answers the server's message ('Password reset successfully.'). */
    resetPassword: fromPromise<string, PasswordResetRequest>(provided('resetPassword')),
  },
  guards: {
    isValid: ({ context }, check: ForgotCheck) => !hasErrors(errorsOf(check, context)),
    isChecked: ({ context }) => context.checkedStep !== null,
    hasFieldErrors: ({ context }) => hasErrors(context.errors),
  },
  actions: {
    setField: assign(({ context }, change: { field: ForgotField; value: string }) => ({
      values: { ...context.values, [change.field]: change.value },
    })),
    setCaptcha: assign((_, captcha: string) => ({ captcha })),
    clearCaptcha: assign(({ context }) => ({ captcha: '', captchaRound: context.captchaRound + 1 })),
    check: assign(({ context }, check: ForgotCheck) => ({ checkedStep: check, ...checkResult(errorsOf(check, context)) })),
    recheck: assign(({ context }) => (context.checkedStep ? checkResult(errorsOf(context.checkedStep, context)) : {})),
    uncheck: assign(() => UNCHECKED),
    storeFailure: assign((_, failed: { error: unknown }) => ({ failure: callFailure(failed.error) })),
    clearFailure: assign(() => ({ failure: null })),
    storeCode: assign((_, code: ResetCode) => ({ cToken: code.c_token, notice: code.message })),
    storeNotice: assign((_, notice: string) => ({ notice })),
  },
}).createMachine({
  id: 'forgotPassword',
  type: 'parallel',
  context: ({ input }) => ({
    values: { countryCode: input.countryCode ?? DEFAULT_COUNTRY_CODE, mobile: '', email: '', otp: '', password: '', confirm_password: '' },
    captcha: '',
    captchaRound: 0,
    ...UNCHECKED,
    failure: null,
    notice: null,
    cToken: null,
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
      initial: 'request',
      states: {
        request: {
          initial: 'idle',
          states: {
            ...restingStates({ 'forgot.submit': submitTo('request', 'requesting') }),
            requesting: {
              tags: 'pending',
              entry: 'clearFailure',
              invoke: {
                id: 'requestResetCode',
                src: 'requestResetCode',
                input: ({ context }) => codeRequest(context),
                onDone: {
                  target: '#forgotPassword.submission.verify',
                  actions: ['uncheck', 'clearCaptcha', { type: 'storeCode', params: ({ event }) => event.output }],
                },
                onError: { target: 'failure', actions: ['clearCaptcha', { type: 'storeFailure', params: ({ event }) => event }] },
              },
            },
          },
        },

        verify: {
          initial: 'idle',
          on: {
            'forgot.back': { target: 'request', actions: ['uncheck', 'clearFailure'] },
          },
          states: {
            ...restingStates({ 'forgot.submit': submitTo('verify', 'verifying'), 'forgot.resendCode': submitTo('resend', 'resending') }),
            verifying: {
              tags: 'pending',
              entry: 'clearFailure',
              invoke: {
                id: 'verifyResetCode',
                src: 'verifyResetCode',
                input: ({ context }) => codeCheckRequest(context),
                onDone: { target: '#forgotPassword.submission.reset', actions: 'uncheck' },
                onError: { target: 'failure', actions: ['clearCaptcha', { type: 'storeFailure', params: ({ event }) => event }] },
              },
            },
            resending: {
              tags: 'pending',
              entry: 'clearFailure',
              invoke: {
                id: 'requestResetCode',
                src: 'requestResetCode',
                input: ({ context }) => codeRequest(context),
                onDone: { target: 'idle', actions: ['uncheck', 'clearCaptcha', { type: 'storeCode', params: ({ event }) => event.output }] },
                onError: { target: 'failure', actions: ['clearCaptcha', { type: 'storeFailure', params: ({ event }) => event }] },
              },
            },
          },
        },

        reset: {
          initial: 'idle',
          on: {
            'forgot.back': { target: 'verify', actions: ['uncheck', 'clearFailure'] },
          },
          states: {
            ...restingStates({ 'forgot.submit': submitTo('reset', 'resetting') }),
            resetting: {
              tags: 'pending',
              entry: 'clearFailure',
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context }) => resetRequest(context),
                onDone: { target: '#forgotPassword.submission.done', actions: { type: 'storeNotice', params: ({ event }) => event.output } },
                onError: { target: 'failure', actions: { type: 'storeFailure', params: ({ event }) => event } },
              },
            },
          },
        },

        done: { type: 'final' },
      },
    },
  },
});
