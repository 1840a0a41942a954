import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyMachineSnapshot } from 'xstate';
import {
  type AuthSession,
  type CodeLoginRequest,
  type IdentityLoginRequest,
  type IdentityStartRequest,
  type LoginCodeRequest,
  type LoginRequest,
} from '../src/domain/contract/auth';
import { actorDone, actorError, fakeCall, refusal, session, text, unreachedStates, type GraphEvent } from './accountTesting';
import { loginMachine, type LoginInput } from './login';

const CODE_SENT = 'OTP sent to your email';

type Answers = {
  loginWithPassword?: (AuthSession | Error)[];
  requestLoginCode?: (string | Error)[];
  loginWithCode?: (AuthSession | Error)[];
  startUaePass?: (string | Error)[];
  loginWithUaePass?: (AuthSession | Error)[];
};

function start(input: Partial<LoginInput> = {}, answers: Answers = {}) {
  const calls = {
    loginWithPassword: fakeCall<LoginRequest, AuthSession>(...(answers.loginWithPassword ?? [session])),
    requestLoginCode: fakeCall<LoginCodeRequest, string>(...(answers.requestLoginCode ?? [CODE_SENT])),
    loginWithCode: fakeCall<CodeLoginRequest, AuthSession>(...(answers.loginWithCode ?? [session])),
    startUaePass: fakeCall<IdentityStartRequest, string>(...(answers.startUaePass ?? ['https://id.example/authorize'])),
    loginWithUaePass: fakeCall<IdentityLoginRequest, AuthSession>(...(answers.loginWithUaePass ?? [session])),
  };
  const actor = createActor(
    loginMachine.provide({
      actors: {
        loginWithPassword: calls.loginWithPassword.logic,
        requestLoginCode: calls.requestLoginCode.logic,
        loginWithCode: calls.loginWithCode.logic,
        startUaePass: calls.startUaePass.logic,
        loginWithUaePass: calls.loginWithUaePass.logic,
      },
    }),
    { input: { otpLoginEnabled: true, uaePassEnabled: true, ...input } },
  ).start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('pending'));
  return { actor, calls, settled, state: () => actor.getSnapshot() };
}

type Login = ReturnType<typeof start>;

function fillPassword({ actor }: Login) {
  actor.send({ type: 'field.change', field: 'mobile', value: '050 123 4567' });
  actor.send({ type: 'field.change', field: 'password', value: 'Secret1!' });
}

async function reachCodeStep(login: Login) {
  login.actor.send({ type: 'method.select', method: 'emailCode' });
  login.actor.send({ type: 'field.change', field: 'email', value: 'ann@example.com' });
  login.actor.send({ type: 'captcha.solve', response: 'captcha-1' });
  login.actor.send({ type: 'login.submit' });
  await login.settled();
}

describe('loginMachine: password', () => {
  it('[S0-2.102] [S0-4.20] [S1-4.29] signs in with mobile and password and ends in done with the session', async () => {
    const login = start();
    fillPassword(login);
    login.actor.send({ type: 'login.submit' });
    expect(login.state().matches({ submission: { password: 'submitting' } })).toBe(true);
    expect(login.state().hasTag('pending')).toBe(true);
    await login.settled();
    expect(login.state().matches({ submission: 'done' })).toBe(true);
    expect(login.state().context.session).toEqual(session);
    expect(login.calls.loginWithPassword.inputs).toEqual([
      { username: '050 123 4567', country_code: '971', mobile_number: '050 123 4567', password: 'Secret1!' },
    ]);
  });

  it('[S0-3.11] the country code defaults to 971 and follows the input and the field', () => {
    expect(start().state().context.values.countryCode).toBe('971');
    const login = start({ countryCode: '44' });
    expect(login.state().context.values.countryCode).toBe('44');
    login.actor.send({ type: 'field.change', field: 'countryCode', value: '966' });
    expect(login.state().context.values.countryCode).toBe('966');
  });

  it('[S0-5.4] [S0-5.1] [S0-5.21] errors show only after a first submit, which sends nothing while the form is wrong', () => {
    const login = start();
    login.actor.send({ type: 'field.change', field: 'mobile', value: '12' });
    expect(login.state().matches({ validation: 'pristine' })).toBe(true);
    expect(login.state().context.errors).toEqual({});
    login.actor.send({ type: 'field.change', field: 'mobile', value: '' });
    login.actor.send({ type: 'login.submit' });
    expect(login.state().matches({ validation: 'invalid', submission: { password: 'idle' } })).toBe(true);
    expect(text(login.state().context.errors.mobile)).toBe('Please enter valid mobile number');
    expect(text(login.state().context.errors.password)).toBe('Password is required');
    expect(text(login.state().context.formError)).toBe('Please fix all errors');
    expect(login.calls.loginWithPassword.inputs).toEqual([]);
  });

  it('[S0-5.5] [S0-5.21] after the first attempt every change re-validates the form', () => {
    const login = start();
    login.actor.send({ type: 'login.submit' });
    login.actor.send({ type: 'field.change', field: 'mobile', value: '12345' });
    expect(text(login.state().context.errors.mobile)).toBe('Mobile number is not valid');
    fillPassword(login);
    expect(login.state().matches({ validation: 'valid' })).toBe(true);
    expect(login.state().context.errors).toEqual({});
    expect(login.state().context.formError).toBeNull();
  });

  it('[S0-8.6] a refused login keeps every value and the server message; a new submit tries again', async () => {
    const login = start({}, { loginWithPassword: [refusal('Invalid mobile number or password', 422, undefined, 'invalid_credentials'), session] });
    fillPassword(login);
    login.actor.send({ type: 'login.submit' });
    await login.settled();
    expect(login.state().matches({ submission: { password: 'failure' } })).toBe(true);
    expect(login.state().context.failure).toEqual({
      message: 'Invalid mobile number or password',
      status: 422,
      code: 'invalid_credentials',
      params: {},
      fieldErrors: {},
      codeError: false,
    });
    expect(login.state().context.values).toMatchObject({ mobile: '050 123 4567', password: 'Secret1!' });
    login.actor.send({ type: 'login.submit' });
    expect(login.state().context.failure).toBeNull();
    await login.settled();
    expect(login.state().matches({ submission: 'done' })).toBe(true);
  });

  it('a failure without an answer (network down) has an empty message and status 0', async () => {
    const login = start({}, { loginWithPassword: [new Error('')] });
    fillPassword(login);
    login.actor.send({ type: 'login.submit' });
    await login.settled();
    expect(login.state().context.failure).toEqual({ message: '', status: 0, code: null, params: {}, fieldErrors: {}, codeError: false });
  });
});

describe('loginMachine: email code', () => {
  it('[S0-2.103] email code login is offered only when qube_otp_login is on', () => {
    const login = start({ otpLoginEnabled: false });
    login.actor.send({ type: 'method.select', method: 'emailCode' });
    expect(login.state().matches({ submission: 'password' })).toBe(true);
    expect(login.state().context.method).toBe('password');
  });

  it('[S0-2.103] [S0-4.21] [S1-4.30] [S0-7.17] asks for a code with email and captcha, then signs in with the code', async () => {
    const login = start();
    await reachCodeStep(login);
    expect(login.calls.requestLoginCode.inputs).toEqual([{ email: 'ann@example.com', username: 'ann@example.com', recaptcha_response: 'captcha-1' }]);
    expect(login.state().matches({ submission: { code: 'idle' }, validation: 'pristine' })).toBe(true);
    expect(login.state().context.notice).toBe(CODE_SENT);
    // Each captcha answer is good for one call: the code step needs a new one.
    expect(login.state().context.captcha).toBe('');
    expect(login.state().context.captchaRound).toBe(1);

    login.actor.send({ type: 'field.change', field: 'otp', value: '١٢٣٤٥٦' });
    login.actor.send({ type: 'captcha.solve', response: 'captcha-2' });
    login.actor.send({ type: 'login.submit' });
    expect(login.state().hasTag('pending')).toBe(true);
    await login.settled();
    expect(login.calls.loginWithCode.inputs).toEqual([{ otp: '١٢٣٤٥٦', email: 'ann@example.com', recaptcha_response: 'captcha-2' }]);
    expect(login.state().matches({ submission: 'done' })).toBe(true);
    expect(login.state().context.session).toEqual(session);
  });

  it('[S1-5.31] [S1-5.35] the email step uses the login wording and asks to validate the captcha', () => {
    const login = start();
    login.actor.send({ type: 'method.select', method: 'emailCode' });
    login.actor.send({ type: 'login.submit' });
    expect(text(login.state().context.errors.email)).toBe('Please input a valid email address');
    expect(text(login.state().context.errors.captcha)).toBe('Please validate recaptcha');
    login.actor.send({ type: 'field.change', field: 'email', value: 'ann@' });
    expect(text(login.state().context.errors.email)).toBe('Invalid Email');
    expect(login.calls.requestLoginCode.inputs).toEqual([]);
  });

  it('[S1-5.33] [S1-5.34] the code step wants 6 digits: "Please enter otp", then "Please enter a valid OTP"', async () => {
    const login = start();
    await reachCodeStep(login);
    login.actor.send({ type: 'login.submit' });
    expect(text(login.state().context.errors.otp)).toBe('Please enter otp');
    expect(text(login.state().context.errors.captcha)).toBe('Please validate recaptcha');
    login.actor.send({ type: 'field.change', field: 'otp', value: '12345' });
    expect(text(login.state().context.errors.otp)).toBe('Please enter a valid OTP');
    expect(login.calls.loginWithCode.inputs).toEqual([]);
  });

  it('[S0-7.31] a failed code request clears the captcha and keeps the email', async () => {
    const login = start({}, { requestLoginCode: [refusal('No account is registered with this email address')] });
    await reachCodeStep(login);
    expect(login.state().matches({ submission: { email: 'failure' } })).toBe(true);
    expect(login.state().context.failure?.message).toBe('No account is registered with this email address');
    expect(login.state().context.captcha).toBe('');
    expect(login.state().context.captchaRound).toBe(1);
    expect(login.state().context.values.email).toBe('ann@example.com');
  });

  it('[S0-7.31] a failed code login clears the captcha and keeps the code', async () => {
    const login = start({}, { loginWithCode: [refusal('Invalid OTP')] });
    await reachCodeStep(login);
    login.actor.send({ type: 'field.change', field: 'otp', value: '123456' });
    login.actor.send({ type: 'captcha.solve', response: 'captcha-2' });
    login.actor.send({ type: 'login.submit' });
    await login.settled();
    expect(login.state().matches({ submission: { code: 'failure' } })).toBe(true);
    expect(login.state().context.captcha).toBe('');
    expect(login.state().context.captchaRound).toBe(2);
    expect(login.state().context.values.otp).toBe('123456');
  });

  it('resending a code needs a fresh captcha, asks again and stays on the code step', async () => {
    const login = start({}, { requestLoginCode: [CODE_SENT, 'OTP sent again'] });
    await reachCodeStep(login);
    login.actor.send({ type: 'login.resendCode' });
    expect(text(login.state().context.errors.captcha)).toBe('Please validate recaptcha');
    expect(login.state().context.errors.otp).toBeUndefined();
    login.actor.send({ type: 'captcha.solve', response: 'captcha-3' });
    login.actor.send({ type: 'login.resendCode' });
    expect(login.state().matches({ submission: { code: 'resending' } })).toBe(true);
    await login.settled();
    expect(login.state().matches({ submission: { code: 'idle' } })).toBe(true);
    expect(login.state().context.notice).toBe('OTP sent again');
    expect(login.calls.requestLoginCode.inputs.at(-1)?.recaptcha_response).toBe('captcha-3');
  });

  it('[S0-7.31] a failed resend clears the captcha', async () => {
    const login = start({}, { requestLoginCode: [CODE_SENT, refusal('Too many codes')] });
    await reachCodeStep(login);
    login.actor.send({ type: 'captcha.solve', response: 'captcha-3' });
    login.actor.send({ type: 'login.resendCode' });
    await login.settled();
    expect(login.state().matches({ submission: { code: 'failure' } })).toBe(true);
    expect(login.state().context.captcha).toBe('');
  });

  it('[S1-4.35] an expired captcha is no answer', async () => {
    const login = start();
    login.actor.send({ type: 'method.select', method: 'emailCode' });
    login.actor.send({ type: 'field.change', field: 'email', value: 'ann@example.com' });
    login.actor.send({ type: 'captcha.solve', response: 'captcha-1' });
    login.actor.send({ type: 'captcha.expire' });
    login.actor.send({ type: 'login.submit' });
    expect(login.state().matches({ submission: { email: 'idle' }, validation: 'invalid' })).toBe(true);
    expect(login.calls.requestLoginCode.inputs).toEqual([]);
  });

  it('back from the code step returns to the email step with the email kept; methods switch back and forth', async () => {
    const login = start();
    await reachCodeStep(login);
    login.actor.send({ type: 'login.back' });
    expect(login.state().matches({ submission: { email: 'idle' }, validation: 'pristine' })).toBe(true);
    expect(login.state().context.values.email).toBe('ann@example.com');
    login.actor.send({ type: 'method.select', method: 'password' });
    expect(login.state().matches({ submission: 'password' })).toBe(true);
    expect(login.state().context.method).toBe('password');
  });
});

describe('loginMachine: national pass (UAE PASS)', () => {
  it('[S0-7.20] starts the pass and ends redirecting to its address', async () => {
    const login = start();
    login.actor.send({ type: 'login.uaePass', returnPath: '/login?nextUrl=%2Fcart' });
    expect(login.state().hasTag('pending')).toBe(true);
    await login.settled();
    expect(login.state().matches({ submission: 'redirecting' })).toBe(true);
    expect(login.state().context.redirectUrl).toBe('https://id.example/authorize');
    expect(login.calls.startUaePass.inputs).toEqual([{ return_path: '/login?nextUrl=%2Fcart' }]);
  });

  it('[S0-4.22] [S1-4.31] [S0-7.19] signs in with the token from the query parameter', async () => {
    const login = start();
    login.actor.send({ type: 'login.uaePassToken', token: 'pass-token' });
    expect(login.state().matches({ submission: 'uaePassLogin' })).toBe(true);
    await login.settled();
    expect(login.calls.loginWithUaePass.inputs).toEqual([{ token: 'pass-token' }]);
    expect(login.state().context.session).toEqual(session);
  });

  it('a refused pass returns to the chosen method with the server message', async () => {
    const login = start({}, { loginWithUaePass: [refusal('The sign-in token is not valid', 401)], startUaePass: [refusal('Unavailable', 503)] });
    login.actor.send({ type: 'login.uaePassToken', token: 'bad' });
    await login.settled();
    expect(login.state().matches({ submission: { password: 'failure' } })).toBe(true);
    expect(login.state().context.failure?.status).toBe(401);
    login.actor.send({ type: 'method.select', method: 'emailCode' });
    login.actor.send({ type: 'login.uaePass' });
    await login.settled();
    expect(login.state().matches({ submission: { email: 'failure' } })).toBe(true);
    expect(login.calls.startUaePass.inputs).toEqual([null]);
  });

  it('is ignored when the venue has not enabled it', () => {
    const login = start({ uaePassEnabled: false });
    login.actor.send({ type: 'login.uaePass' });
    login.actor.send({ type: 'login.uaePassToken', token: 'pass-token' });
    expect(login.state().matches({ submission: { password: 'idle' } })).toBe(true);
  });
});

describe('loginMachine: graph', () => {
  it('[S0-4.20] [S0-4.21] [S0-4.22] every state is reachable', () => {
    const calls = ['loginWithPassword', 'requestLoginCode', 'loginWithCode', 'startUaePass', 'loginWithUaePass'];
    const outputs: Record<string, unknown> = {
      loginWithPassword: session,
      requestLoginCode: CODE_SENT,
      loginWithCode: session,
      startUaePass: 'https://id.example',
      loginWithUaePass: session,
    };
    const events = (snapshot: AnyMachineSnapshot): GraphEvent[] => {
      const { values, captcha } = snapshot.context as { values: Record<string, string>; captcha: string };
      const running = Object.keys(snapshot.children).filter((id) => calls.includes(id));
      return [
        ...(values.mobile ? [] : [{ type: 'field.change', field: 'mobile', value: '0501234567' }]),
        ...(values.password ? [] : [{ type: 'field.change', field: 'password', value: 'x' }]),
        ...(values.email ? [] : [{ type: 'field.change', field: 'email', value: 'ann@example.com' }]),
        ...(values.otp ? [] : [{ type: 'field.change', field: 'otp', value: '123456' }]),
        captcha ? { type: 'captcha.expire' } : { type: 'captcha.solve', response: 'c' },
        { type: 'method.select', method: 'password' },
        { type: 'method.select', method: 'emailCode' },
        { type: 'login.submit' },
        { type: 'login.resendCode' },
        { type: 'login.uaePass' },
        { type: 'login.uaePassToken', token: 't' },
        { type: 'login.back' },
        ...running.flatMap((id) => [actorDone(id, outputs[id]), actorError(id, refusal('No'))]),
      ];
    };
    const identity = (snapshot: AnyMachineSnapshot) => {
      const { values, captcha, method } = snapshot.context as { values: Record<string, string>; captcha: string; method: string };
      return [values, captcha !== '', method];
    };
    expect(unreachedStates(loginMachine, { otpLoginEnabled: true, uaePassEnabled: true }, events, identity)).toEqual([]);
  });
});
