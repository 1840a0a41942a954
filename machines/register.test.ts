import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyMachineSnapshot } from 'xstate';
import { type RegistrationCodeCheckRequest, type RegistrationCodeRequest } from '../src/domain/contract/auth';
import { actorDone, actorError, fakeCall, refusal, session, text, unreachedStates, type GraphEvent } from './accountTesting';
import { registerMachine, type RegisterInput, type RegisterTextField, type RegistrationResult, type RegistrationSubmission } from './register';

const CODE_SENT = 'OTP sent to your mobile number and email';
const registered: RegistrationResult = { token: 'token-9', user: session.user, awaiting_approval: false, message: 'Registration successful' };

type Answers = {
  requestRegistrationCode?: (string | Error)[];
  validateRegistrationCode?: (string | Error)[];
  register?: (RegistrationResult | Error)[];
};

function start(input: RegisterInput = {}, answers: Answers = {}) {
  const calls = {
    requestRegistrationCode: fakeCall<RegistrationCodeRequest, string>(...(answers.requestRegistrationCode ?? [CODE_SENT])),
    validateRegistrationCode: fakeCall<RegistrationCodeCheckRequest, string>(...(answers.validateRegistrationCode ?? ['OTP verified'])),
    register: fakeCall<RegistrationSubmission, RegistrationResult>(...(answers.register ?? [registered])),
  };
  const actor = createActor(
    registerMachine.provide({
      actors: {
        requestRegistrationCode: calls.requestRegistrationCode.logic,
        validateRegistrationCode: calls.validateRegistrationCode.logic,
        register: calls.register.logic,
      },
    }),
    { input },
  ).start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('pending'));
  return { actor, calls, settled, state: () => actor.getSnapshot() };
}
type Register = ReturnType<typeof start>;

const DETAILS: Partial<Record<RegisterTextField, string>> = {
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  mobile: '0501234567',
  password: 'Secret1!',
  confirm_password: 'Secret1!',
};

function fillDetails({ actor }: Register, extra: Partial<Record<RegisterTextField, string>> = {}) {
  for (const [field, value] of Object.entries({ ...DETAILS, ...extra })) actor.send({ type: 'field.change', field: field as RegisterTextField, value });
  actor.send({ type: 'field.change', field: 'terms_accepted', value: true });
  actor.send({ type: 'captcha.solve', response: 'captcha-1' });
}

async function reachCodeStep(register: Register, extra: Partial<Record<RegisterTextField, string>> = {}) {
  fillDetails(register, extra);
  register.actor.send({ type: 'register.submit' });
  await register.settled();
}

async function submitCode(register: Register) {
  register.actor.send({ type: 'field.change', field: 'otp', value: '123456' });
  register.actor.send({ type: 'register.submit' });
  await register.settled();
}

describe('registerMachine', () => {
  it('[S0-2.104] [S0-5.18] [S0-7.13] [S0-7.14] asks for a code, validates it FIRST, and only then registers', async () => {
    const register = start();
    await reachCodeStep(register);
    expect(register.calls.requestRegistrationCode.inputs).toEqual([
      { mobile: '0501234567', country_code: '971', email: 'ann@example.com', recaptcha_response: 'captcha-1' },
    ]);
    expect(register.state().matches({ submission: { code: 'idle' }, validation: 'pristine' })).toBe(true);
    expect(register.state().context.notice).toBe(CODE_SENT);
    expect(register.state().context.captcha).toBe('');

    const busy: string[] = [];
    register.actor.subscribe((state) => {
      if (state.hasTag('pending')) busy.push(JSON.stringify(state.value));
    });
    register.actor.send({ type: 'field.change', field: 'otp', value: '123456' });
    register.actor.send({ type: 'register.submit' });
    expect(register.calls.register.inputs).toEqual([]);
    await register.settled();
    expect([...new Set(busy)].map((value) => JSON.parse(value) as { submission: unknown })).toMatchObject([
      { submission: { code: 'checkingCode' } },
      { submission: { code: 'registering' } },
    ]);

    expect(register.calls.validateRegistrationCode.inputs).toEqual([{ otp: '123456', mobile: '0501234567', country_code: '971', email: 'ann@example.com' }]);
    expect(register.calls.register.inputs).toEqual([
      {
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@example.com',
        country_code: '971',
        mobile: '0501234567',
        otp: '123456',
        password: 'Secret1!',
        confirm_password: 'Secret1!',
        dob: '',
        gender: '',
        nationality: '',
        terms_accepted: true,
        is_partner: false,
        entity_name: '',
        entity_type: '',
        contact_person: '',
      },
    ]);
    expect(register.state().matches({ submission: 'done' })).toBe(true);
    expect(register.state().context.registration).toEqual({ token: 'token-9', user: session.user, awaiting_approval: false });
    expect(register.state().context.notice).toBe('Registration successful');
  });

  it('[S0-5.19] [S0-8.22] a failed code check is a code error and nothing is registered', async () => {
    const register = start({}, { validateRegistrationCode: [refusal('Invalid OTP')] });
    await reachCodeStep(register);
    await submitCode(register);
    expect(register.state().matches({ submission: { code: 'failure' } })).toBe(true);
    expect(register.state().context.codeError).toBe(true);
    expect(register.state().context.failure?.message).toBe('Invalid OTP');
    expect(register.calls.register.inputs).toEqual([]);
    expect(register.state().context.values.otp).toBe('123456');
  });

  it('[S0-8.22] a registration the server refuses for its code is flagged as a code error; other refusals are not', async () => {
    const codeRefused = start({}, { register: [refusal('OTP expired', 422, { code_error: true })] });
    await reachCodeStep(codeRefused);
    await submitCode(codeRefused);
    expect(codeRefused.state().context.codeError).toBe(true);

    const taken = start({}, { register: [refusal('This mobile number is already registered', 422, { errors: { mobile: 'This mobile number is already registered' } })] });
    await reachCodeStep(taken);
    await submitCode(taken);
    expect(taken.state().matches({ submission: { code: 'failure' } })).toBe(true);
    expect(taken.state().context.codeError).toBe(false);
    expect(taken.state().context.failure?.fieldErrors).toEqual({ mobile: 'This mobile number is already registered' });
  });

  it('a new attempt clears the code error', async () => {
    const register = start({}, { validateRegistrationCode: [refusal('Invalid OTP'), 'OTP verified'] });
    await reachCodeStep(register);
    await submitCode(register);
    register.actor.send({ type: 'register.submit' });
    expect(register.state().context.codeError).toBe(false);
    await register.settled();
    expect(register.state().matches({ submission: 'done' })).toBe(true);
  });

  it('[S0-5.1] [S0-5.2] [S0-5.7] [S0-5.9] [S0-5.10] [S0-5.20] [S0-5.21] the details step uses the account wording', () => {
    const register = start();
    register.actor.send({ type: 'register.submit' });
    const errors = () => register.state().context.errors;
    expect(text(errors().first_name)).toBe('First name is required');
    expect(text(errors().last_name)).toBe('Last name is required');
    expect(text(errors().email)).toBe('Email is required');
    expect(text(errors().mobile)).toBe('Please enter valid mobile number');
    expect(text(errors().password)).toBe('Password is required');
    expect(text(errors().captcha)).toBe('Please verify you are human');
    expect(errors().terms_accepted).toBeDefined();
    expect(text(register.state().context.formError)).toBe('Please fix all errors');
    register.actor.send({ type: 'field.change', field: 'first_name', value: 'A1' });
    register.actor.send({ type: 'field.change', field: 'email', value: 'ann@' });
    register.actor.send({ type: 'field.change', field: 'password', value: 'Secret1!' });
    register.actor.send({ type: 'field.change', field: 'confirm_password', value: 'Secret2!' });
    expect(text(errors().first_name)).toBe('First name must be a valid name in Latin or Arabic');
    expect(text(errors().email)).toBe('Please input correct email address');
    expect(text(errors().confirm_password)).toBe('Passwords must match');
    expect(register.calls.requestRegistrationCode.inputs).toEqual([]);
  });

  it('[S0-5.17] the code is 6 digits ("Invalid OTP")', async () => {
    const register = start();
    await reachCodeStep(register);
    register.actor.send({ type: 'register.submit' });
    expect(text(register.state().context.errors.otp)).toBe('Invalid OTP');
    expect(register.calls.validateRegistrationCode.inputs).toEqual([]);
  });

  it('[S0-2.55] [S0-4.36] a partner sign-up needs its entity fields and ends awaiting approval without a token', async () => {
    const pending: RegistrationResult = { token: null, user: session.user, awaiting_approval: true, message: 'Awaiting approval' };
    const register = start({ partner: true }, { register: [pending] });
    fillDetails(register);
    register.actor.send({ type: 'register.submit' });
    expect(text(register.state().context.errors.entity_name)).toBe('Entity name is required');
    expect(text(register.state().context.errors.entity_type)).toBe('Entity type is required');
    expect(text(register.state().context.errors.contact_person)).toBe('Contact person is required');
    await reachCodeStep(register, { entity_name: 'Acme', entity_type: 'LLC', contact_person: 'Bo' });
    await submitCode(register);
    expect(register.calls.register.inputs[0]).toMatchObject({ is_partner: true, entity_name: 'Acme', entity_type: 'LLC', contact_person: 'Bo' });
    expect(register.state().context.registration).toEqual({ token: null, user: session.user, awaiting_approval: true });
  });

  it('a customer sign-up sends no partner fields', async () => {
    const register = start();
    await reachCodeStep(register, { entity_name: 'Acme' });
    await submitCode(register);
    expect(register.calls.register.inputs[0]).toMatchObject({ is_partner: false, entity_name: '' });
  });

  it('a failed code request clears the captcha and keeps the form', async () => {
    const register = start({}, { requestRegistrationCode: [refusal('This email address is already registered')] });
    await reachCodeStep(register);
    expect(register.state().matches({ submission: { details: 'failure' } })).toBe(true);
    expect(register.state().context.captcha).toBe('');
    expect(register.state().context.values).toMatchObject(DETAILS);
  });

  it('resending needs a fresh captcha; back returns to the details', async () => {
    const register = start({}, { requestRegistrationCode: [CODE_SENT, 'Sent again'] });
    await reachCodeStep(register);
    register.actor.send({ type: 'register.resendCode' });
    expect(text(register.state().context.errors.captcha)).toBe('Please verify you are human');
    register.actor.send({ type: 'captcha.solve', response: 'captcha-2' });
    register.actor.send({ type: 'register.resendCode' });
    expect(register.state().matches({ submission: { code: 'resendingCode' } })).toBe(true);
    await register.settled();
    expect(register.state().context.notice).toBe('Sent again');
    register.actor.send({ type: 'register.back' });
    expect(register.state().matches({ submission: { details: 'idle' } })).toBe(true);
    expect(register.state().context.values).toMatchObject(DETAILS);
  });

  it('[S0-5.18] every state is reachable', () => {
    const calls = ['requestRegistrationCode', 'validateRegistrationCode', 'register'];
    const outputs: Record<string, unknown> = { requestRegistrationCode: CODE_SENT, validateRegistrationCode: 'OTP verified', register: registered };
    const events = (snapshot: AnyMachineSnapshot): GraphEvent[] => {
      const { values, captcha } = snapshot.context as { values: Record<string, string | boolean>; captcha: string };
      const filled: Record<string, string> = { ...DETAILS, otp: '123456' };
      return [
        ...Object.entries(filled).flatMap(([field, value]) => (values[field] ? [] : [{ type: 'field.change', field, value }])),
        ...(values.terms_accepted ? [] : [{ type: 'field.change', field: 'terms_accepted', value: true }]),
        captcha ? { type: 'captcha.expire' } : { type: 'captcha.solve', response: 'c' },
        { type: 'register.submit' },
        { type: 'register.resendCode' },
        { type: 'register.back' },
        ...Object.keys(snapshot.children)
          .filter((id) => calls.includes(id))
          .flatMap((id) => [actorDone(id, outputs[id]), actorError(id, refusal('No'))]),
      ];
    };
    const identity = (snapshot: AnyMachineSnapshot) => {
      const { values, captcha } = snapshot.context as { values: Record<string, string>; captcha: string };
      return [values, captcha !== ''];
    };
    expect(unreachedStates(registerMachine, {}, events, identity)).toEqual([]);
  });
});
