import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine } from '../../machines/login';
import { registerMachine } from '../../machines/register';
import { createApiClient } from '../api/client';
import { AccountCallError, authActors } from './authActors';

type Reply = { status: number; body: unknown } | 'network-down';

/** An API client over a fetch that answers from a queue (the last reply repeats). */
function fakeApi(...replies: Reply[]) {
  const paths: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    paths.push(String(input));
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    if (reply === 'network-down') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  return { api: createApiClient({ baseURL: '/api/v1/', headers: () => ({}), fetch: fetch as unknown as typeof globalThis.fetch }), paths };
}

const user = { id: 7, first_name: 'Ann', last_name: 'Lee', name: 'Ann Lee', is_anonymous: false, is_trainer: false };
const signedIn = { status: true, data: { token: 'tok', user }, message: 'Login success' };

function signIn(...replies: Reply[]) {
  const { api, paths } = fakeApi(...replies);
  const actor = createActor(loginMachine.provide({ actors: authActors(api) }), { input: { otpLoginEnabled: true, uaePassEnabled: true } }).start();
  actor.send({ type: 'field.change', field: 'mobile', value: '0501234567' });
  actor.send({ type: 'field.change', field: 'password', value: 'Secret1!' });
  actor.send({ type: 'login.submit' });
  return { actor, paths, settled: () => waitFor(actor, (state) => !state.hasTag('pending')) };
}

describe('authActors', () => {
  it('[S0-4.20] [S0-7.16] the login machine signs in through the real actors and the API client', async () => {
    const { settled, paths } = signIn({ status: 200, body: signedIn });
    const state = await settled();
    expect(paths).toEqual(['/api/v1/auth/login']);
    expect(state.matches({ submission: 'done' })).toBe(true);
    expect(state.context.session).toEqual({ token: 'tok', user });
  });

  it('[S0-8.6] a refusal reaches the machine with the server message, status and field errors', async () => {
    const errors = { mobile_number: 'Mobile number is not valid' };
    const { settled } = signIn({ status: 422, body: { status: false, message: 'Mobile number is not valid', data: { errors } } });
    const state = await settled();
    expect(state.context.failure).toEqual({ message: 'Mobile number is not valid', status: 422, fieldErrors: errors, codeError: false, code: null, params: {} });
  });

  it('no answer at all is a failure with status 0 and no message', async () => {
    const state = await signIn('network-down').settled();
    expect(state.context.failure).toEqual({ message: '', status: 0, fieldErrors: {}, codeError: false, code: null, params: {} });
  });

  it('[S0-5.19] [S0-8.22] a code error from the server is carried as data', () => {
    const error = new AccountCallError({ ok: false, status: 422, message: 'OTP expired', body: { status: false, message: 'OTP expired', data: { code_error: true } } });
    expect(error).toMatchObject({ message: 'OTP expired', status: 422, data: { code_error: true } });
    const plain = new AccountCallError({ ok: false, status: 500, message: 'Oops', body: null });
    expect(plain.data).toBeUndefined();
  });

  it('[S0-5.18] [S0-3.8] registration checks the code, then posts the multipart form', async () => {
    const { api, paths } = fakeApi(
      { status: 200, body: { status: true, data: null, message: 'OTP sent to your mobile number and email' } },
      { status: 200, body: { status: true, data: null, message: 'OTP verified' } },
      { status: 200, body: { status: true, data: { token: 'tok', user, awaiting_approval: false }, message: 'Registration successful' } },
    );
    const actor = createActor(registerMachine.provide({ actors: authActors(api) }), { input: {} }).start();
    const details = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', mobile: '0501234567', password: 'Secret1!', confirm_password: 'Secret1!' } as const;
    for (const [field, value] of Object.entries(details)) actor.send({ type: 'field.change', field: field as keyof typeof details, value });
    actor.send({ type: 'field.change', field: 'terms_accepted', value: true });
    actor.send({ type: 'captcha.solve', response: 'q1:5' });
    actor.send({ type: 'register.submit' });
    await waitFor(actor, (state) => state.matches({ submission: { code: 'idle' } }));
    actor.send({ type: 'field.change', field: 'otp', value: '123456' });
    actor.send({ type: 'register.submit' });
    const state = await waitFor(actor, (snapshot) => snapshot.matches({ submission: 'done' }));
    expect(paths).toEqual(['/api/v1/auth/otp/generate', '/api/v1/auth/otp/validate-otp', '/api/v1/auth/register']);
    expect(state.context.registration).toEqual({ token: 'tok', user, awaiting_approval: false });
    expect(state.context.notice).toBe('Registration successful');
  });
});
