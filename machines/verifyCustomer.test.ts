import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyMachineSnapshot } from 'xstate';
import { type RegistrationCodeCheckRequest } from '../src/domain/contract/auth';
import { actorDone, actorError, fakeCall, refusal, text, unreachedStates, type GraphEvent } from './accountTesting';
import { verifyCustomerMachine } from './verifyCustomer';

function start(...answers: (string | Error)[]) {
  const call = fakeCall<RegistrationCodeCheckRequest, string>(...(answers.length > 0 ? answers : ['OTP verified']));
  const actor = createActor(verifyCustomerMachine.provide({ actors: { validateRegistrationCode: call.logic } })).start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('pending'));
  return { actor, call, settled, state: () => actor.getSnapshot() };
}

function fill({ actor }: ReturnType<typeof start>, otp = '123456') {
  actor.send({ type: 'field.change', field: 'mobile', value: '0509876543' });
  actor.send({ type: 'field.change', field: 'email', value: 'omar@example.com' });
  actor.send({ type: 'field.change', field: 'otp', value: otp });
}

describe('verifyCustomerMachine', () => {
  it('[S0-2.34] [S0-7.13] mobile, email and the 6-digit code are checked with the server; its message is kept', async () => {
    const verify = start();
    fill(verify);
    verify.actor.send({ type: 'verify.submit' });
    expect(verify.state().matches({ submission: 'verifying' })).toBe(true);
    expect(verify.state().hasTag('pending')).toBe(true);
    await verify.settled();
    expect(verify.call.inputs).toEqual([{ otp: '123456', mobile: '0509876543', country_code: '971', email: 'omar@example.com' }]);
    expect(verify.state().matches({ submission: 'done' })).toBe(true);
    expect(verify.state().context.notice).toBe('OTP verified');
  });

  it('[S0-5.17] [S0-5.21] [S0-5.2] errors show after the first submit and follow the typing; nothing is sent while invalid', () => {
    const verify = start();
    verify.actor.send({ type: 'field.change', field: 'otp', value: '12' });
    expect(verify.state().matches({ validation: 'pristine' })).toBe(true);
    expect(verify.state().context.errors).toEqual({});
    verify.actor.send({ type: 'verify.submit' });
    expect(verify.state().matches({ validation: 'invalid', submission: 'idle' })).toBe(true);
    expect(text(verify.state().context.errors.mobile)).toBe('Please enter valid mobile number');
    expect(text(verify.state().context.errors.email)).toBe('Email is required');
    expect(text(verify.state().context.errors.otp)).toBe('Invalid OTP');
    expect(text(verify.state().context.formError)).toBe('Please fix all errors');
    fill(verify);
    expect(verify.state().matches({ validation: 'valid' })).toBe(true);
    expect(verify.state().context.formError).toBeNull();
    expect(verify.call.inputs).toEqual([]);
  });

  it('[S0-8.6] a refused code keeps what was typed, the message and its reason code; a new submit tries again', async () => {
    const verify = start(refusal('Invalid OTP', 422, undefined, 'code_invalid'), 'OTP verified');
    fill(verify, '000000');
    verify.actor.send({ type: 'verify.submit' });
    await verify.settled();
    expect(verify.state().matches({ submission: 'failure' })).toBe(true);
    expect(verify.state().context.failure).toMatchObject({ message: 'Invalid OTP', code: 'code_invalid', status: 422 });
    expect(verify.state().context.values).toMatchObject({ mobile: '0509876543', email: 'omar@example.com', otp: '000000' });
    verify.actor.send({ type: 'field.change', field: 'otp', value: '123456' });
    verify.actor.send({ type: 'verify.submit' });
    expect(verify.state().context.failure).toBeNull();
    await verify.settled();
    expect(verify.state().matches({ submission: 'done' })).toBe(true);
  });

  it('[S0-7.18] a rate limit keeps the minutes to wait for the translated message', async () => {
    const verify = start(refusal('Too many codes requested. Please wait 4 minutes and try again.', 429, undefined, 'code_rate_limited', { minutes: 4 }));
    fill(verify);
    verify.actor.send({ type: 'verify.submit' });
    await verify.settled();
    expect(verify.state().context.failure).toMatchObject({ status: 429, code: 'code_rate_limited', params: { minutes: 4 } });
  });

  it('every state is reachable', () => {
    const events = (snapshot: AnyMachineSnapshot): GraphEvent[] => {
      const { values } = snapshot.context as { values: Record<string, string> };
      const filled: Record<string, string> = { mobile: '0509876543', email: 'a@b.co', otp: '123456' };
      return [
        ...Object.entries(filled).flatMap(([field, value]) => (values[field] ? [] : [{ type: 'field.change', field, value }])),
        { type: 'verify.submit' },
        ...('validateRegistrationCode' in snapshot.children
          ? [actorDone('validateRegistrationCode', 'OTP verified'), actorError('validateRegistrationCode', refusal('Invalid OTP'))]
          : []),
      ];
    };
    const identity = (snapshot: AnyMachineSnapshot) => [(snapshot.context as { values: unknown }).values];
    expect(unreachedStates(verifyCustomerMachine, undefined, events, identity)).toEqual([]);
  });
});
