import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyMachineSnapshot } from 'xstate';
import { type ContactCodeRequest, type ContactConfirmRequest, type ProfileDetails, type ProfileUpdateRequest } from '../src/domain/contract/profile';
import { actorDone, actorError, fakeCall, refusal, text, unreachedStates, type GraphEvent } from './accountTesting';
import { profileEditMachine, type ProfileChange } from './profileEdit';

const PROFILE: ProfileDetails = {
  id: 7,
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  mobile: '+971501234567',
  country_code: '971',
  dob: '1990-04-12',
  gender: 'Female',
  nationality_id: 1,
  religion_id: null,
  id_proof_type_id: null,
  id_proof_number: null,
  id_proof_expiry: null,
  customer_tag_id: null,
  profile_image: null,
  verified_at: null,
  locked_fields: [],
};

const change = (profile: Partial<ProfileDetails>, message = 'Your profile has been updated'): ProfileChange => ({
  profile: { ...PROFILE, ...profile },
  user: { id: 7, first_name: profile.first_name ?? 'Ann', last_name: 'Lee', name: `${profile.first_name ?? 'Ann'} Lee`, is_anonymous: false },
  message,
});

function start({ save = [change({ first_name: 'Anna' })], code = ['We sent a 6-digit code to new@example.com'], confirm = [change({ email: 'new@example.com' }, 'Your email address has been changed')] }: {
  save?: (ProfileChange | Error)[];
  code?: (string | Error)[];
  confirm?: (ProfileChange | Error)[];
} = {}) {
  const saveCall = fakeCall<ProfileUpdateRequest, ProfileChange>(...save);
  const codeCall = fakeCall<ContactCodeRequest, string>(...code);
  const confirmCall = fakeCall<ContactConfirmRequest, ProfileChange>(...confirm);
  const announced: ProfileChange[] = [];
  const machine = profileEditMachine.provide({
    actors: { saveProfile: saveCall.logic, requestContactCode: codeCall.logic, confirmContactCode: confirmCall.logic },
    actions: { announceChange: (_, changed) => void announced.push(changed) },
  });
  const actor = createActor(machine, { input: { profile: PROFILE, today: '2025-06-01' } }).start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('pending'));
  return { actor, saveCall, codeCall, confirmCall, announced, settled, state: () => actor.getSnapshot() };
}

describe('profileEditMachine', () => {
  it('starts from the saved profile, saves the edited form and announces the new user', async () => {
    const edit = start();
    expect(edit.state().context.values).toMatchObject({ first_name: 'Ann', dob: '1990-04-12', gender: 'Female', nationality_id: '1', id_proof_type_id: '' });
    edit.actor.send({ type: 'field.change', field: 'first_name', value: 'Anna' });
    edit.actor.send({ type: 'profile.save' });
    expect(edit.state().matches({ details: 'saving' })).toBe(true);
    expect(edit.state().hasTag('pending')).toBe(true);
    await edit.settled();
    expect(edit.saveCall.inputs[0]).toMatchObject({ first_name: 'Anna', last_name: 'Lee', nationality_id: '1' });
    expect(edit.state().matches({ details: 'editing' })).toBe(true);
    expect(edit.state().context.notice).toBe('Your profile has been updated');
    expect(edit.announced.map((each) => each.user.name)).toEqual(['Anna Lee']);
  });

  it('checks the fields on save and then as they change; nothing is sent while invalid', () => {
    const edit = start();
    edit.actor.send({ type: 'field.change', field: 'first_name', value: 'A1' });
    expect(edit.state().context.errors).toEqual({});
    edit.actor.send({ type: 'field.change', field: 'id_proof_type_id', value: '32' });
    edit.actor.send({ type: 'field.change', field: 'id_proof_number', value: '784-1990-123' });
    edit.actor.send({ type: 'field.change', field: 'id_proof_expiry', value: '2020-01-01' });
    edit.actor.send({ type: 'profile.save' });
    const { errors, formError } = edit.state().context;
    expect(text(errors.first_name)).toBe('First name must be a valid name in Latin or Arabic');
    expect(text(errors.id_proof_number)).toBe('Emirates ID format is incorrect.');
    expect(text(errors.id_proof_expiry)).toBe('The ID has expired. Please enter a valid document');
    expect(text(formError)).toBe('Please fix all errors');
    edit.actor.send({ type: 'field.change', field: 'first_name', value: 'Ann' });
    expect(edit.state().context.errors.first_name).toBeUndefined();
    // Clearing the document type clears its number and expiry.
    edit.actor.send({ type: 'field.change', field: 'id_proof_type_id', value: '' });
    expect(edit.state().context.values).toMatchObject({ id_proof_number: '', id_proof_expiry: '' });
    expect(edit.saveCall.inputs).toEqual([]);
  });

  it('[S0-5.15] checks the Emirates ID when it loses focus, before any save', () => {
    const edit = start();
    edit.actor.send({ type: 'field.change', field: 'id_proof_type_id', value: '32' });
    edit.actor.send({ type: 'field.change', field: 'id_proof_number', value: '784-1990' });
    expect(edit.state().context.errors.id_proof_number).toBeUndefined();
    edit.actor.send({ type: 'field.blur', field: 'id_proof_number' });
    expect(text(edit.state().context.errors.id_proof_number)).toBe('Emirates ID format is incorrect.');
    expect(edit.state().context.errors.first_name).toBeUndefined();
  });

  it('keeps what was typed when the server refuses, with its per-field messages', async () => {
    const edit = start({ save: [refusal('Please choose a nationality from the list', 422, { errors: { nationality_id: 'Please choose a nationality from the list' } }), change({})] });
    edit.actor.send({ type: 'field.change', field: 'last_name', value: 'Leeds' });
    edit.actor.send({ type: 'profile.save' });
    await edit.settled();
    expect(edit.state().context.failure).toMatchObject({ status: 422, fieldErrors: { nationality_id: 'Please choose a nationality from the list' } });
    expect(edit.state().context.values.last_name).toBe('Leeds');
    expect(edit.announced).toEqual([]);
  });

  it('changes the e-mail through a code to the new address, keeping the form being typed', async () => {
    const edit = start();
    edit.actor.send({ type: 'field.change', field: 'last_name', value: 'Typing' });
    edit.actor.send({ type: 'contact.start', channel: 'email' });
    expect(edit.state().matches({ contact: 'entering' })).toBe(true);
    edit.actor.send({ type: 'contact.send' });
    expect(text(edit.state().context.contactErrors.email)).toBe('Email is required');
    edit.actor.send({ type: 'contact.change', field: 'email', value: 'new@example.com' });
    edit.actor.send({ type: 'contact.send' });
    expect(edit.state().matches({ contact: 'sendingCode' })).toBe(true);
    await edit.settled();
    expect(edit.codeCall.inputs).toEqual([{ channel: 'email', email: 'new@example.com' }]);
    expect(edit.state().matches({ contact: 'awaitingCode' })).toBe(true);
    expect(edit.state().context.sentTo).toBe('We sent a 6-digit code to new@example.com');
    edit.actor.send({ type: 'contact.confirm' });
    expect(text(edit.state().context.contactErrors.otp)).toBe('Invalid OTP');
    edit.actor.send({ type: 'contact.change', field: 'otp', value: '123456' });
    edit.actor.send({ type: 'contact.confirm' });
    expect(edit.state().matches({ contact: 'confirming' })).toBe(true);
    await edit.settled();
    expect(edit.confirmCall.inputs).toEqual([{ channel: 'email', otp: '123456' }]);
    expect(edit.state().matches({ contact: 'closed' })).toBe(true);
    expect(edit.state().context.profile.email).toBe('new@example.com');
    expect(edit.state().context.values.last_name).toBe('Typing');
  });

  it('changes the mobile with its country code; a refused code stays on the code step; resend and cancel work', async () => {
    const edit = start({ code: ['sent'], confirm: [refusal('Invalid OTP', 422, undefined, 'code_invalid'), change({ mobile: '+971559876543' })] });
    edit.actor.send({ type: 'contact.start', channel: 'mobile' });
    edit.actor.send({ type: 'contact.change', field: 'mobile', value: '0559876543' });
    edit.actor.send({ type: 'contact.send' });
    await edit.settled();
    expect(edit.codeCall.inputs).toEqual([{ channel: 'mobile', country_code: '971', mobile: '0559876543' }]);
    edit.actor.send({ type: 'contact.change', field: 'otp', value: '000000' });
    edit.actor.send({ type: 'contact.confirm' });
    await edit.settled();
    expect(edit.state().matches({ contact: 'awaitingCode' })).toBe(true);
    expect(edit.state().context.contactFailure).toMatchObject({ code: 'code_invalid' });
    edit.actor.send({ type: 'contact.resend' });
    await edit.settled();
    expect(edit.codeCall.inputs).toHaveLength(2);
    edit.actor.send({ type: 'contact.cancel' });
    expect(edit.state().matches({ contact: 'closed' })).toBe(true);
  });

  it('a refused address goes back to the address step with the reason', async () => {
    const edit = start({ code: [refusal('This email is already registered', 422, undefined, 'email_taken')] });
    edit.actor.send({ type: 'contact.start', channel: 'email' });
    edit.actor.send({ type: 'contact.change', field: 'email', value: 'taken@example.com' });
    edit.actor.send({ type: 'contact.send' });
    await edit.settled();
    expect(edit.state().matches({ contact: 'entering' })).toBe(true);
    expect(edit.state().context.contactFailure).toMatchObject({ code: 'email_taken' });
    expect(edit.state().context.contact.email).toBe('taken@example.com');
  });

  it('every state is reachable', () => {
    const events = (snapshot: AnyMachineSnapshot): GraphEvent[] => [
      { type: 'profile.save' },
      { type: 'contact.start', channel: 'email' },
      { type: 'contact.change', field: 'email', value: 'new@example.com' },
      { type: 'contact.change', field: 'otp', value: '123456' },
      { type: 'contact.send' },
      { type: 'contact.confirm' },
      { type: 'contact.cancel' },
      ...('saveProfile' in snapshot.children ? [actorDone('saveProfile', change({})), actorError('saveProfile', refusal('No'))] : []),
      ...('requestContactCode' in snapshot.children ? [actorDone('requestContactCode', 'sent'), actorError('requestContactCode', refusal('No'))] : []),
      ...('confirmContactCode' in snapshot.children ? [actorDone('confirmContactCode', change({})), actorError('confirmContactCode', refusal('No'))] : []),
    ];
    const identity = (snapshot: AnyMachineSnapshot) => (snapshot.context as { contact: unknown }).contact;
    expect(unreachedStates(profileEditMachine, { profile: PROFILE, today: '2025-06-01' }, events, identity)).toEqual([]);
  });
});
