import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyMachineSnapshot } from 'xstate';
import { type AccountUser, type PasswordCodeCheckRequest, type PasswordCodeRequest, type PasswordResetRequest } from '../src/domain/contract/auth';
import { actorDone, actorError, fakeCall, refusal, session, text, unreachedStates, type GraphEvent } from './accountTesting';
import { forgotPasswordMachine, type ResetCode } from './forgotPassword';

const CODE: ResetCode = { c_token: 'reset-1', message: 'OTP sent' };
const RESET_DONE = 'Password reset successfully.';

type Answers = {
  requestResetCode?: (ResetCode | Error)[];
  verifyResetCode?: (AccountUser | Error)[];
  resetPassword?: (string | Error)[];
};

function start(answers: Answers = {}, countryCode?: string) {
  const calls = {
    requestResetCode: fakeCall<PasswordCodeRequest, ResetCode>(...(answers.requestResetCode ?? [CODE])),
    verifyResetCode: fakeCall<PasswordCodeCheckRequest, AccountUser>(...(answers.verifyResetCode ?? [session.user])),
    resetPassword: fakeCall<PasswordResetRequest, string>(...(answers.resetPassword ?? [RESET_DONE])),
  };
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: { requestResetCode: calls.requestResetCode.logic, verifyResetCode: calls.verifyResetCode.logic, resetPassword: calls.resetPassword.logic },
    }),
    { input: countryCode ? { countryCode } : {} },
  ).start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('pending'));
  return { actor, calls, settled, state: () => actor.getSnapshot() };
}
type Forgot = ReturnType<typeof start>;

async function requestCode(forgot: Forgot) {
  forgot.actor.send({ type: 'field.change', field: 'mobile', value: '0501234567' });
  forgot.actor.send({ type: 'field.change', field: 'email', value: 'ann@example.com' });
  forgot.actor.send({ type: 'captcha.solve', response: 'captcha-1' });
  forgot.actor.send({ type: 'forgot.submit' });
  await forgot.settled();
}

async function verifyCode(forgot: Forgot) {
  forgot.actor.send({ type: 'field.change', field: 'otp', value: '123456' });
  forgot.actor.send({ type: 'forgot.submit' });
  await forgot.settled();
}

describe('forgotPasswordMachine', () => {
  it('[S0-2.105] [S0-4.24] [S1-4.34] [S0-7.21] [S0-7.22] [S0-7.23] [S0-7.33] request a code, verify it, reset the password', async () => {
    const forgot = start();
    await requestCode(forgot);
    expect(forgot.calls.requestResetCode.inputs).toEqual([
      { username: '0501234567', country_code: '971', email: 'ann@example.com', recaptcha_response: 'captcha-1' },
    ]);
    expect(forgot.state().matches({ submission: { verify: 'idle' }, validation: 'pristine' })).toBe(true);
    expect(forgot.state().context.cToken).toBe('reset-1');
    expect(forgot.state().context.notice).toBe('OTP sent');

    await verifyCode(forgot);
    expect(forgot.calls.verifyResetCode.inputs).toEqual([{ otp: '123456', mobile: '0501234567', country_code: '971', email: 'ann@example.com' }]);
    expect(forgot.state().matches({ submission: { reset: 'idle' } })).toBe(true);

    forgot.actor.send({ type: 'field.change', field: 'password', value: 'NewSecret1!' });
    forgot.actor.send({ type: 'field.change', field: 'confirm_password', value: 'NewSecret1!' });
    forgot.actor.send({ type: 'forgot.submit' });
    expect(forgot.state().matches({ submission: { reset: 'resetting' } })).toBe(true);
    expect(forgot.state().hasTag('pending')).toBe(true);
    await forgot.settled();
    expect(forgot.calls.resetPassword.inputs).toEqual([{ password: 'NewSecret1!', confirm_password: 'NewSecret1!', c_token: 'reset-1' }]);
    expect(forgot.state().matches({ submission: 'done' })).toBe(true);
    expect(forgot.state().context.notice).toBe(RESET_DONE);
  });

  it('[S0-5.20] [S0-5.21] the request step needs mobile, email and the captcha ("Please verify you are human")', () => {
    const forgot = start({}, '44');
    forgot.actor.send({ type: 'forgot.submit' });
    const { errors, formError, values } = forgot.state().context;
    expect(values.countryCode).toBe('44');
    expect(text(errors.mobile)).toBe('Please enter valid mobile number');
    expect(text(errors.email)).toBe('Please input a valid email address');
    expect(text(errors.captcha)).toBe('Please verify you are human');
    expect(text(formError)).toBe('Please fix all errors');
    expect(forgot.calls.requestResetCode.inputs).toEqual([]);
  });

  it('[S0-5.17] the code is 6 digits ("Invalid OTP")', async () => {
    const forgot = start();
    await requestCode(forgot);
    forgot.actor.send({ type: 'field.change', field: 'otp', value: '12a' });
    forgot.actor.send({ type: 'forgot.submit' });
    expect(text(forgot.state().context.errors.otp)).toBe('Invalid OTP');
    expect(forgot.calls.verifyResetCode.inputs).toEqual([]);
  });

  it('[S1-5.36] [S1-5.37] [S1-5.38] [S0-5.9] reset: both fields required, password rules, "The passwords do not match"', async () => {
    const forgot = start();
    await requestCode(forgot);
    await verifyCode(forgot);
    forgot.actor.send({ type: 'forgot.submit' });
    expect(text(forgot.state().context.errors.password)).toBe('Password is required');
    expect(text(forgot.state().context.errors.confirm_password)).toBe('Confirm password is required');
    forgot.actor.send({ type: 'field.change', field: 'password', value: 'short' });
    expect(text(forgot.state().context.errors.password)).toBe('Must Contain 8 Characters');
    forgot.actor.send({ type: 'field.change', field: 'password', value: 'NewSecret1!' });
    forgot.actor.send({ type: 'field.change', field: 'confirm_password', value: 'NewSecret1?' });
    expect(text(forgot.state().context.errors.confirm_password)).toBe('The passwords do not match');
    expect(forgot.calls.resetPassword.inputs).toEqual([]);
  });

  it('[S0-7.31] a failed code request clears the captcha and keeps what was typed', async () => {
    const forgot = start({ requestResetCode: [refusal('No account matches this mobile number and email')] });
    await requestCode(forgot);
    expect(forgot.state().matches({ submission: { request: 'failure' } })).toBe(true);
    expect(forgot.state().context.failure?.message).toBe('No account matches this mobile number and email');
    expect(forgot.state().context.captcha).toBe('');
    expect(forgot.state().context.captchaRound).toBe(1);
    expect(forgot.state().context.values).toMatchObject({ mobile: '0501234567', email: 'ann@example.com' });
  });

  it('[S0-7.31] a failed verify clears the captcha and keeps the code', async () => {
    const forgot = start({ verifyResetCode: [refusal('Invalid OTP')] });
    await requestCode(forgot);
    forgot.actor.send({ type: 'captcha.solve', response: 'captcha-2' });
    await verifyCode(forgot);
    expect(forgot.state().matches({ submission: { verify: 'failure' } })).toBe(true);
    expect(forgot.state().context.captcha).toBe('');
    expect(forgot.state().context.values.otp).toBe('123456');
  });

  it('a refused reset stays on the reset step with the message', async () => {
    const forgot = start({ resetPassword: [refusal('The reset has expired')] });
    await requestCode(forgot);
    await verifyCode(forgot);
    forgot.actor.send({ type: 'field.change', field: 'password', value: 'NewSecret1!' });
    forgot.actor.send({ type: 'field.change', field: 'confirm_password', value: 'NewSecret1!' });
    forgot.actor.send({ type: 'forgot.submit' });
    await forgot.settled();
    expect(forgot.state().matches({ submission: { reset: 'failure' } })).toBe(true);
    expect(forgot.state().context.failure?.message).toBe('The reset has expired');
  });

  it('resending needs a fresh captcha and takes the new c_token', async () => {
    const forgot = start({ requestResetCode: [CODE, { c_token: 'reset-2', message: 'OTP sent again' }] });
    await requestCode(forgot);
    forgot.actor.send({ type: 'forgot.resendCode' });
    expect(text(forgot.state().context.errors.captcha)).toBe('Please verify you are human');
    forgot.actor.send({ type: 'captcha.solve', response: 'captcha-2' });
    forgot.actor.send({ type: 'forgot.resendCode' });
    expect(forgot.state().matches({ submission: { verify: 'resending' } })).toBe(true);
    await forgot.settled();
    expect(forgot.state().matches({ submission: { verify: 'idle' } })).toBe(true);
    expect(forgot.state().context.cToken).toBe('reset-2');
    expect(forgot.state().context.captcha).toBe('');
  });

  it('back goes from reset to verify and from verify to request, keeping values', async () => {
    const forgot = start();
    await requestCode(forgot);
    await verifyCode(forgot);
    forgot.actor.send({ type: 'forgot.back' });
    expect(forgot.state().matches({ submission: { verify: 'idle' } })).toBe(true);
    forgot.actor.send({ type: 'forgot.back' });
    expect(forgot.state().matches({ submission: { request: 'idle' } })).toBe(true);
    expect(forgot.state().context.values).toMatchObject({ mobile: '0501234567', email: 'ann@example.com', otp: '123456' });
  });

  it('[S0-4.24] every state is reachable', () => {
    const calls = ['requestResetCode', 'verifyResetCode', 'resetPassword'];
    const outputs: Record<string, unknown> = { requestResetCode: CODE, verifyResetCode: session.user, resetPassword: RESET_DONE };
    const events = (snapshot: AnyMachineSnapshot): GraphEvent[] => {
      const { values, captcha } = snapshot.context as { values: Record<string, string>; captcha: string };
      const filled = { mobile: '0501234567', email: 'a@b.co', otp: '123456', password: 'NewSecret1!', confirm_password: 'NewSecret1!' };
      return [
        ...Object.entries(filled).flatMap(([field, value]) => (values[field] ? [] : [{ type: 'field.change', field, value }])),
        captcha ? { type: 'captcha.expire' } : { type: 'captcha.solve', response: 'c' },
        { type: 'forgot.submit' },
        { type: 'forgot.resendCode' },
        { type: 'forgot.back' },
        ...Object.keys(snapshot.children)
          .filter((id) => calls.includes(id))
          .flatMap((id) => [actorDone(id, outputs[id]), actorError(id, refusal('No'))]),
      ];
    };
    const identity = (snapshot: AnyMachineSnapshot) => {
      const { values, captcha } = snapshot.context as { values: Record<string, string>; captcha: string };
      return [values, captcha !== ''];
    };
    expect(unreachedStates(forgotPasswordMachine, {}, events, identity)).toEqual([]);
  });
});
