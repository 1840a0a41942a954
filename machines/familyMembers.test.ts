import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyMachineSnapshot } from 'xstate';
import { type FamilyEntry } from '../src/domain/contract/family';
import { actorDone, actorError, fakeCall, refusal, text, unreachedStates, type GraphEvent } from './accountTesting';
import { familyMembersMachine, type RemoveMemberInput, type SaveMemberInput } from './familyMembers';

const OMAR: FamilyEntry = {
  customer_id: 41,
  first_name: 'Omar',
  last_name: 'Hassan',
  profile_image_url: null,
  is_icp_down: 0,
  dob: '2012-07-21',
  gender: 'Male',
  nationality: 1,
  id_proof_type_id: 33,
  id_proof_number: 'P1234567',
  relation: 'child',
  upcoming_bookings: 2,
};

const UPCOMING = refusal('Omar Hassan has 2 upcoming bookings. They stay booked if you remove Omar Hassan.', 409, { upcoming_bookings: 2 });

function start({ save = ['Family member added'], remove = ['Family member removed'] }: { save?: (string | Error)[]; remove?: (string | Error)[] } = {}) {
  const saveCall = fakeCall<SaveMemberInput, string>(...save);
  const removeCall = fakeCall<RemoveMemberInput, string>(...remove);
  let changes = 0;
  const machine = familyMembersMachine.provide({
    actors: { saveMember: saveCall.logic, removeMember: removeCall.logic },
    actions: { announceChange: () => void (changes += 1) },
  });
  const actor = createActor(machine, { input: { today: '2025-06-01' } }).start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('pending'));
  return { actor, saveCall, removeCall, settled, changes: () => changes, state: () => actor.getSnapshot() };
}

function fillNew({ actor }: ReturnType<typeof start>) {
  actor.send({ type: 'field.change', field: 'first_name', value: 'Huda' });
  actor.send({ type: 'field.change', field: 'last_name', value: 'Hassan' });
  actor.send({ type: 'field.change', field: 'relation', value: 'child' });
}

describe('familyMembersMachine', () => {
  it('adds a member: the form is checked, sent, and the list told to reload', async () => {
    const family = start();
    family.actor.send({ type: 'member.add' });
    expect(family.state().matches('editing')).toBe(true);
    family.actor.send({ type: 'form.submit' });
    expect(text(family.state().context.errors.first_name)).toBe('First name is required');
    expect(text(family.state().context.errors.relation)).toBe('Relation is required');
    fillNew(family);
    family.actor.send({ type: 'form.submit' });
    expect(family.state().matches('saving')).toBe(true);
    await family.settled();
    expect(family.saveCall.inputs).toEqual([
      { memberId: null, body: { first_name: 'Huda', last_name: 'Hassan', dob: '', gender: '', relation: 'child', nationality_id: '', id_proof_type_id: '', id_proof_number: '' } },
    ]);
    expect(family.state().matches('idle')).toBe(true);
    expect(family.state().context.notice).toBe('Family member added');
    expect(family.changes()).toBe(1);
  });

  it('edits a member from their saved details; a refusal keeps what was typed', async () => {
    const family = start({ save: [refusal('Please choose a nationality from the list', 422, { errors: { nationality_id: 'Please choose a nationality from the list' } }), 'Family member updated'] });
    family.actor.send({ type: 'member.edit', member: OMAR });
    expect(family.state().context.values).toMatchObject({ first_name: 'Omar', relation: 'child', id_proof_type_id: '33', nationality_id: '1' });
    family.actor.send({ type: 'field.change', field: 'first_name', value: 'Omer' });
    family.actor.send({ type: 'form.submit' });
    await family.settled();
    expect(family.state().matches('editing')).toBe(true);
    expect(family.state().context.failure?.fieldErrors).toEqual({ nationality_id: 'Please choose a nationality from the list' });
    expect(family.state().context.values.first_name).toBe('Omer');
    family.actor.send({ type: 'form.submit' });
    await family.settled();
    expect(family.saveCall.inputs.map((input) => input.memberId)).toEqual([41, 41]);
    expect(family.state().context.notice).toBe('Family member updated');
    family.actor.send({ type: 'member.add' });
    family.actor.send({ type: 'form.cancel' });
    expect(family.state().matches('idle')).toBe(true);
  });

  it('says so when the member has upcoming bookings, and removes them only after a second yes', async () => {
    const family = start({ remove: [UPCOMING, 'Family member removed'] });
    family.actor.send({ type: 'member.remove', member: OMAR });
    expect(family.state().matches('confirmingRemoval')).toBe(true);
    family.actor.send({ type: 'remove.confirm' });
    await family.settled();
    expect(family.state().matches('confirmingUpcoming')).toBe(true);
    expect(family.state().context.upcomingMessage).toBe(UPCOMING.message);
    expect(family.changes()).toBe(0);
    family.actor.send({ type: 'remove.confirm' });
    expect(family.state().matches('removingAnyway')).toBe(true);
    await family.settled();
    expect(family.removeCall.inputs).toEqual([
      { memberId: 41, confirmUpcoming: false },
      { memberId: 41, confirmUpcoming: true },
    ]);
    expect(family.state().matches('idle')).toBe(true);
    expect(family.changes()).toBe(1);
  });

  it('cancelling keeps the member; another refusal goes back to the question with its reason', async () => {
    const family = start({ remove: [refusal('Family member not found', 404)] });
    family.actor.send({ type: 'member.remove', member: OMAR });
    family.actor.send({ type: 'remove.cancel' });
    expect(family.state().matches('idle')).toBe(true);
    expect(family.state().context.removal).toBeNull();
    family.actor.send({ type: 'member.remove', member: OMAR });
    family.actor.send({ type: 'remove.confirm' });
    await family.settled();
    expect(family.state().matches('confirmingRemoval')).toBe(true);
    expect(family.state().context.failure).toMatchObject({ status: 404 });
  });

  it('every state is reachable', () => {
    const events = (snapshot: AnyMachineSnapshot): GraphEvent[] => [
      { type: 'member.add' },
      { type: 'member.remove', member: OMAR },
      { type: 'field.change', field: 'first_name', value: 'Huda' },
      { type: 'field.change', field: 'last_name', value: 'Hassan' },
      { type: 'field.change', field: 'relation', value: 'child' },
      { type: 'form.submit' },
      { type: 'remove.confirm' },
      { type: 'remove.cancel' },
      ...('saveMember' in snapshot.children ? [actorDone('saveMember', 'ok'), actorError('saveMember', refusal('No'))] : []),
      ...('removeMember' in snapshot.children ? [actorDone('removeMember', 'ok'), actorError('removeMember', UPCOMING)] : []),
      ...('removeMemberAnyway' in snapshot.children ? [actorDone('removeMemberAnyway', 'ok'), actorError('removeMemberAnyway', refusal('No'))] : []),
    ];
    const identity = (snapshot: AnyMachineSnapshot) => (snapshot.context as { values: unknown }).values;
    expect(unreachedStates(familyMembersMachine, { today: '2025-06-01' }, events, identity)).toEqual([]);
  });
});
