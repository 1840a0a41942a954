import { assign, fromPromise, setup } from 'xstate';
import {
  type AuthSession,
  type CodeLoginRequest,
  type IdentityLoginRequest,
  type IdentityStartRequest,
  type LoginCodeRequest,
  type LoginRequest,
} from '../src/domain/contract/auth';
import { DEFAULT_COUNTRY_CODE } from '../src/domain/constants';
import { validateCaptcha } from '../src/domain/validation/captcha';
import { validateEmail } from '../src/domain/validation/email';
import { hasErrors, required, validateFields, type FieldErrors, type FieldRules } from '../src/domain/validation/form';
import { type MessageDescriptor } from '../src/domain/validation/messages';
import { validateMobile } from '../src/domain/validation/mobile';
import { validateOtp } from '../src/domain/validation/otp';
import { callFailure, checkResult, restingStates, submitTo, UNCHECKED, VALIDATION_STATES, type CallFailure } from './accountForm';

/**
 * The login dialog (document 001 wording: it is one of the login modals). Two parallel regions:
 *
 * - `validation`: 'pristine' until the visible step is first submitted, then 'valid' | 'invalid'. From then on every
 *   change re-checks that step's fields. Read `context.errors` (a message descriptor per field, keys
 *   'mobile' | 'countryCode' | 'password' | 'email' | 'otp' | 'captcha') and `context.formError` ('Please fix all
 *   errors', or null).
 * - `submission`: which step is shown and whether a call runs:
 *   - `{ submission: 'password' }` mobile + password; `{ submission: 'email' }` email + captcha (asks for a code);
 *     `{ submission: 'code' }` 6-digit code + captcha (signs in; 'login.resendCode' asks again, 'login.back' returns
 *     to the email step). Each step is 'idle' | a busy child | 'failure' (`context.failure` holds the server's
 *     message; `failure.message` is '' when the network failed).
 *   - 'uaePassStarting' then 'redirecting' (send the browser to `context.redirectUrl`; nothing leaves this state),
 *     'uaePassLogin' (the token from the return address), and 'done' with `context.session` ({ token, user }: the UI
 *     sends session.start with `sessionUser(session)` and shows 'Login success').
 *   Every busy state carries the 'pending' tag.
 *
 * Nothing typed is ever cleared. The captcha answer is: each answer is good for one call, so it is cleared after
 * every call that sent it, and after a failed code request or code login (S0-7.31); `context.captchaRound` counts
 * those clearings so the widget can be reset. The widget's 'expired' and 'error' states both send 'captcha.expire'.
 * `context.notice` holds the server's message once a code has been sent ('OTP sent to your email').
 *
 * 'method.select' to 'emailCode' needs `otpLoginEnabled`; 'login.uaePass' and 'login.uaePassToken' need
 * `uaePassEnabled`; otherwise they are ignored.
 */
export type LoginMethod = 'password' | 'emailCode';
export type LoginField = 'countryCode' | 'mobile' | 'password' | 'email' | 'otp';
/** A step's checks; 'resend' checks only the captcha a new code request needs. */
export type LoginCheck = 'password' | 'email' | 'code' | 'resend';
export type LoginValues = Record<LoginField, string>;
type CheckedValues = LoginValues & { captcha: string };
export type LoginErrors = FieldErrors<CheckedValues>;

export type LoginInput = { otpLoginEnabled: boolean; uaePassEnabled: boolean; countryCode?: string };

export type LoginContext = {
  otpLoginEnabled: boolean;
  uaePassEnabled: boolean;
  method: LoginMethod;
  values: LoginValues;
  /** The captcha widget's answer; '' until solved, once expired, and after a call used it. */
  captcha: string;
  captchaRound: number;
  checkedStep: LoginCheck | null;
  errors: LoginErrors;
  formError: MessageDescriptor | null;
  failure: CallFailure | null;
  notice: string | null;
  redirectUrl: string | null;
  session: AuthSession | null;
};

export type LoginEvent =
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'method.select'; method: LoginMethod }
  | { type: 'captcha.solve'; response: string }
  | { type: 'captcha.expire' }
  | { type: 'login.submit' }
  | { type: 'login.resendCode' }
  /** `returnPath`: where the identity provider sends the browser back (the server's default is '/login'). */
  | { type: 'login.uaePass'; returnPath?: string }
  | { type: 'login.uaePassToken'; token: string }
  | { type: 'login.back' };

const CHECKS: Record<LoginCheck, FieldRules<CheckedValues>> = {
  password: {
    mobile: (mobile, values) => validateMobile(values.countryCode, mobile),
    password: (password) => required(password, { labelKey: 'password' }),
  },
  email: {
    email: (email) => validateEmail(email, 'login'),
    captcha: (captcha) => validateCaptcha(captcha, 'oneTimeCode'),
  },
  code: {
    otp: (otp) => validateOtp(otp, 'booking'),
    captcha: (captcha) => validateCaptcha(captcha, 'oneTimeCode'),
  },
  resend: {
    captcha: (captcha) => validateCaptcha(captcha, 'oneTimeCode'),
  },
};

const errorsOf = (check: LoginCheck, context: LoginContext) => validateFields({ ...context.values, captcha: context.captcha }, CHECKS[check]);

const passwordRequest = ({ values }: LoginContext): LoginRequest => ({
  username: values.mobile,
  country_code: values.countryCode,
  mobile_number: values.mobile,
  password: values.password,
});
const codeRequest = ({ values, captcha }: LoginContext): LoginCodeRequest => ({
  email: values.email,
  username: values.email,
  recaptcha_response: captcha,
});
const codeLoginRequest = ({ values, captcha }: LoginContext): CodeLoginRequest => ({
  otp: values.otp,
  email: values.email,
  recaptcha_response: captcha,
});

const provided = (name: string) => () => Promise.reject(new Error(`${name} is provided by the app`));

export const loginMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    loginWithPassword: fromPromise<AuthSession, LoginRequest>(provided('loginWithPassword')),
    /** Answers the server's message ('OTP sent to your email'). */
    requestLoginCode: fromPromise<string, LoginCodeRequest>(provided('requestLoginCode')),
    loginWithCode: fromPromise<AuthSession, CodeLoginRequest>(provided('loginWithCode')),
    /** Answers the identity provider's address. */
    startUaePass: fromPromise<string, IdentityStartRequest>(provided('startUaePass')),
    loginWithUaePass: fromPromise<AuthSession, IdentityLoginRequest>(provided('loginWithUaePass')),
  },
  guards: {
    isValid: ({ context }, check: LoginCheck) => !hasErrors(errorsOf(check, context)),
    isChecked: ({ context }) => context.checkedStep !== null,
    hasFieldErrors: ({ context }) => hasErrors(context.errors),
    canUseEmailCode: ({ context }, method: LoginMethod) => method === 'emailCode' && context.otpLoginEnabled,
    isPasswordMethod: (_, method: LoginMethod) => method === 'password',
    isUaePassEnabled: ({ context }) => context.uaePassEnabled,
    usesEmailCode: ({ context }) => context.method === 'emailCode',
  },
  actions: {
    setField: assign(({ context }, change: { field: LoginField; value: string }) => ({
      values: { ...context.values, [change.field]: change.value },
    })),
    setCaptcha: assign((_, captcha: string) => ({ captcha })),
    clearCaptcha: assign(({ context }) => ({ captcha: '', captchaRound: context.captchaRound + 1 })),
    check: assign(({ context }, check: LoginCheck) => ({ checkedStep: check, ...checkResult(errorsOf(check, context)) })),
    recheck: assign(({ context }) => (context.checkedStep ? checkResult(errorsOf(context.checkedStep, context)) : {})),
    uncheck: assign(() => UNCHECKED),
    selectMethod: assign((_, method: LoginMethod) => ({ method, failure: null })),
    storeFailure: assign((_, failed: { error: unknown }) => ({ failure: callFailure(failed.error) })),
    clearFailure: assign(() => ({ failure: null })),
    storeNotice: assign((_, notice: string) => ({ notice })),
    storeSession: assign((_, session: AuthSession) => ({ session })),
    storeRedirect: assign((_, redirectUrl: string) => ({ redirectUrl })),
  },
}).createMachine({
  id: 'login',
  type: 'parallel',
  context: ({ input }) => ({
    otpLoginEnabled: input.otpLoginEnabled,
    uaePassEnabled: input.uaePassEnabled,
    method: 'password',
    values: { countryCode: input.countryCode ?? DEFAULT_COUNTRY_CODE, mobile: '', password: '', email: '', otp: '' },
    captcha: '',
    captchaRound: 0,
    ...UNCHECKED,
    failure: null,
    notice: null,
    redirectUrl: null,
    session: null,
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
      initial: 'password',
      states: {
        password: {
          initial: 'idle',
          on: {
            'method.select': {
              guard: { type: 'canUseEmailCode', params: ({ event }) => event.method },
              target: 'email',
              actions: [{ type: 'selectMethod', params: 'emailCode' }, 'uncheck'],
            },
            'login.uaePass': { guard: 'isUaePassEnabled', target: 'uaePassStarting' },
            'login.uaePassToken': { guard: 'isUaePassEnabled', target: 'uaePassLogin' },
          },
          states: {
            ...restingStates({ 'login.submit': submitTo('password', 'submitting') }),
            submitting: {
              tags: 'pending',
              entry: 'clearFailure',
              invoke: {
                id: 'loginWithPassword',
                src: 'loginWithPassword',
                input: ({ context }) => passwordRequest(context),
                onDone: { target: '#login.submission.done', actions: { type: 'storeSession', params: ({ event }) => event.output } },
                onError: { target: 'failure', actions: { type: 'storeFailure', params: ({ event }) => event } },
              },
            },
          },
        },

        email: {
          initial: 'idle',
          on: {
            'method.select': {
              guard: { type: 'isPasswordMethod', params: ({ event }) => event.method },
              target: 'password',
              actions: [{ type: 'selectMethod', params: 'password' }, 'uncheck'],
            },
            'login.uaePass': { guard: 'isUaePassEnabled', target: 'uaePassStarting' },
            'login.uaePassToken': { guard: 'isUaePassEnabled', target: 'uaePassLogin' },
          },
          states: {
            ...restingStates({ 'login.submit': submitTo('email', 'requesting') }),
            requesting: {
              tags: 'pending',
              entry: 'clearFailure',
              invoke: {
                id: 'requestLoginCode',
                src: 'requestLoginCode',
                input: ({ context }) => codeRequest(context),
                onDone: {
                  target: '#login.submission.code',
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
            'login.back': { target: 'email', actions: ['uncheck', 'clearFailure'] },
            'method.select': {
              guard: { type: 'isPasswordMethod', params: ({ event }) => event.method },
              target: 'password',
              actions: [{ type: 'selectMethod', params: 'password' }, 'uncheck'],
            },
            'login.uaePass': { guard: 'isUaePassEnabled', target: 'uaePassStarting' },
            'login.uaePassToken': { guard: 'isUaePassEnabled', target: 'uaePassLogin' },
          },
          states: {
            ...restingStates({ 'login.submit': submitTo('code', 'submitting'), 'login.resendCode': submitTo('resend', 'resending') }),
            submitting: {
              tags: 'pending',
              entry: 'clearFailure',
              invoke: {
                id: 'loginWithCode',
                src: 'loginWithCode',
                input: ({ context }) => codeLoginRequest(context),
                onDone: { target: '#login.submission.done', actions: { type: 'storeSession', params: ({ event }) => event.output } },
                onError: { target: 'failure', actions: ['clearCaptcha', { type: 'storeFailure', params: ({ event }) => event }] },
              },
            },
            resending: {
              tags: 'pending',
              entry: 'clearFailure',
              invoke: {
                id: 'requestLoginCode',
                src: 'requestLoginCode',
                input: ({ context }) => codeRequest(context),
                onDone: { target: 'idle', actions: ['uncheck', 'clearCaptcha', { type: 'storeNotice', params: ({ event }) => event.output }] },
                onError: { target: 'failure', actions: ['clearCaptcha', { type: 'storeFailure', params: ({ event }) => event }] },
              },
            },
          },
        },

        uaePassStarting: {
          tags: 'pending',
          entry: 'clearFailure',
          invoke: {
            id: 'startUaePass',
            src: 'startUaePass',
            input: ({ event }) => (event.type === 'login.uaePass' && event.returnPath ? { return_path: event.returnPath } : null),
            onDone: { target: 'redirecting', actions: { type: 'storeRedirect', params: ({ event }) => event.output } },
            onError: [
              { guard: 'usesEmailCode', target: 'email.failure', actions: { type: 'storeFailure', params: ({ event }) => event } },
              { target: 'password.failure', actions: { type: 'storeFailure', params: ({ event }) => event } },
            ],
          },
        },
        /** The browser leaves for the identity provider; the login continues when it comes back with a token. */
        redirecting: {},
        uaePassLogin: {
          tags: 'pending',
          entry: 'clearFailure',
          invoke: {
            id: 'loginWithUaePass',
            src: 'loginWithUaePass',
            input: ({ event }) => ({ token: event.type === 'login.uaePassToken' ? event.token : '' }),
            onDone: { target: 'done', actions: { type: 'storeSession', params: ({ event }) => event.output } },
            onError: [
              { guard: 'usesEmailCode', target: 'email.failure', actions: { type: 'storeFailure', params: ({ event }) => event } },
              { target: 'password.failure', actions: { type: 'storeFailure', params: ({ event }) => event } },
            ],
          },
        },
        done: { type: 'final' },
      },
    },
  },
});
