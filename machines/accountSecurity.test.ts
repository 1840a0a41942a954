import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyMachineSnapshot } from 'xstate';
import { type PasswordChangeRequest, type ProfileDetails, type VerifyCodeRequest, type VerifyConfirmRequest } from '../src/domain/contract/profile';
import { actorDone, actorError, fakeCall, refusal, text, unreachedStates, type GraphEvent } from './accountTesting';
import { passwordChangeMachine } from './passwordChange';
import { type ProfileChange } from './profileEdit';
import { verifyAccountMachine } from './verifyAccount';

const VERIFIED: ProfileChange = {
  profile: { locked_fields: ['first_name'], verified_at: '2025-06-01T08:00:00.000Z' } as ProfileDetails,
  user: { id: 7, first_name: 'Ann', last_name: 'Lee', name: 'Ann Lee', is_anonymous: false },
  message: 'Your account is verified',
};

describe('passwordChangeMachine', () => {
  function start(...answers: (string | Error)[]) {
    const call = fakeCall<PasswordChangeRequest, string>(...answers);
    const actor = createActor(passwordChangeMachine.provide({ actors: { changePassword: call.logic } })).start();
    return { actor, call, settled: () => waitFor(actor, (state) => !state.hasTag('pending')), state: () => actor.getSnapshot() };
  }
  const fill = ({ actor }: ReturnType<typeof start>, password = 'Fresh#Start2') => {
    actor.send({ type: 'field.change', field: 'current_password', value: 'Marina@2025' });
    actor.send({ type: 'field.change', field: 'password', value: password });
    actor.send({ type: 'field.change', field: 'confirm_password', value: password });
  };

  it('applies the password rules and messages, then changes it and clears the fields', async () => {
    const change = start('Your password has been changed. You have been logged out on every other device.');
    change.actor.send({ type: 'password.submit' });
    expect(text(change.state().context.errors.current_password)).toBe('Current password is required');
    change.actor.send({ type: 'field.change', field: 'password', value: 'lowercase1!' });
    expect(text(change.state().context.errors.password)).toBe('Must contain at least one uppercase letter');
    change.actor.send({ type: 'field.change', field: 'confirm_password', value: 'other' });
    expect(text(change.state().context.errors.confirm_password)).toBe('Passwords must match');
    fill(change);
    change.actor.send({ type: 'password.submit' });
    expect(change.state().matches('changing')).toBe(true);
    await change.settled();
    expect(change.call.inputs).toEqual([{ current_password: 'Marina@2025', password: 'Fresh#Start2', confirm_password: 'Fresh#Start2' }]);
    expect(change.state().matches('done')).toBe(true);
    expect(change.state().context.values.password).toBe('');
  });

  it('a wrong current password keeps everything typed and the message for its field', async () => {
    const change = start(refusal('The current password is incorrect', 422, { errors: { current_password: 'The current password is incorrect' } }));
    fill(change);
    change.actor.send({ type: 'password.submit' });
    await change.settled();
    expect(change.state().matches('editing')).toBe(true);
    expect(change.state().context.failure?.fieldErrors.current_password).toBe('The current password is incorrect');
    expect(change.state().context.values.password).toBe('Fresh#Start2');
  });

  it('every state is reachable', () => {
    const events = (snapshot: AnyMachineSnapshot): GraphEvent[] => [
      { type: 'field.change', field: 'current_password', value: 'x' },
      { type: 'field.change', field: 'password', value: 'Fresh#Start2' },
      { type: 'field.change', field: 'confirm_password', value: 'Fresh#Start2' },
      { type: 'password.submit' },
      ...('changePassword' in snapshot.children ? [actorDone('changePassword', 'ok'), actorError('changePassword', refusal('No'))] : []),
    ];
    const identity = (snapshot: AnyMachineSnapshot) => (snapshot.context as { values: unknown }).values;
    expect(unreachedStates(passwordChangeMachine, undefined, events, identity)).toEqual([]);
  });
});

describe('verifyAccountMachine', () => {
  function start(codes: (string | Error)[] = ['We sent a 6-digit code to +971501234567'], confirms: (ProfileChange | Error)[] = [VERIFIED]) {
    const codeCall = fakeCall<VerifyCodeRequest, string>(...codes);
    const confirmCall = fakeCall<VerifyConfirmRequest, ProfileChange>(...confirms);
    const announced: ProfileChange[] = [];
    const machine = verifyAccountMachine.provide({
      actors: { requestVerificationCode: codeCall.logic, confirmVerification: confirmCall.logic },
      actions: { announceChange: (_, change) => void announced.push(change) },
    });
    const actor = createActor(machine).start();
    return { actor, codeCall, confirmCall, announced, settled: () => waitFor(actor, (state) => !state.hasTag('pending')), state: () => actor.getSnapshot() };
  }

  it('sends a code to the chosen channel and verifies with it', async () => {
    const verify = start();
    verify.actor.send({ type: 'channel.choose', channel: 'mobile' });
    verify.actor.send({ type: 'verify.send' });
    await verify.settled();
    expect(verify.codeCall.inputs).toEqual([{ channel: 'mobile' }]);
    expect(verify.state().context.sentTo).toBe('We sent a 6-digit code to +971501234567');
    verify.actor.send({ type: 'verify.confirm' });
    expect(text(verify.state().context.otpError)).toBe('Invalid OTP');
    verify.actor.send({ type: 'otp.change', value: '123456' });
    expect(verify.state().context.otpError).toBeNull();
    verify.actor.send({ type: 'verify.confirm' });
    await verify.settled();
    expect(verify.state().matches('verified')).toBe(true);
    expect(verify.announced).toEqual([VERIFIED]);
  });

  it('a refused code stays on the code step; a failed send goes back to the choice; resend asks again', async () => {
    const verify = start([refusal('Too many', 429, undefined, 'code_rate_limited', { minutes: 3 }), 'sent'], [refusal('Invalid OTP', 422, undefined, 'code_invalid'), VERIFIED]);
    verify.actor.send({ type: 'verify.send' });
    await verify.settled();
    expect(verify.state().matches('choosing')).toBe(true);
    expect(verify.state().context.failure).toMatchObject({ code: 'code_rate_limited', params: { minutes: 3 } });
    verify.actor.send({ type: 'verify.send' });
    await verify.settled();
    verify.actor.send({ type: 'otp.change', value: '000000' });
    verify.actor.send({ type: 'verify.confirm' });
    await verify.settled();
    expect(verify.state().matches('awaitingCode')).toBe(true);
    expect(verify.state().context.failure).toMatchObject({ code: 'code_invalid' });
    verify.actor.send({ type: 'verify.resend' });
    await verify.settled();
    expect(verify.codeCall.inputs).toHaveLength(3);
  });

  it('every state is reachable', () => {
    const events = (snapshot: AnyMachineSnapshot): GraphEvent[] => [
      { type: 'verify.send' },
      { type: 'otp.change', value: '123456' },
      { type: 'verify.confirm' },
      ...('requestVerificationCode' in snapshot.children ? [actorDone('requestVerificationCode', 'sent'), actorError('requestVerificationCode', refusal('No'))] : []),
      ...('confirmVerification' in snapshot.children ? [actorDone('confirmVerification', VERIFIED), actorError('confirmVerification', refusal('No'))] : []),
    ];
    const identity = (snapshot: AnyMachineSnapshot) => (snapshot.context as { otp: string }).otp;
    expect(unreachedStates(verifyAccountMachine, undefined, events, identity)).toEqual([]);
  });
});
