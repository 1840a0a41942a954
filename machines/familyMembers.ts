import { assign, fromPromise, setup } from 'xstate';
import { type FamilyEntry, type FamilyMemberRequest, type FamilyRelation } from '../src/domain/contract/family';
import { personRules, type GenderChoice, type IdProofChoice, type PersonValues } from '../src/domain/profile/profileRules';
import { hasErrors, required, validateFields, type FieldErrors, type FieldRules } from '../src/domain/validation/form';
import { type MessageDescriptor } from '../src/domain/validation/messages';
import { callFailure, checkResult, type CallFailure } from './accountForm';

/**
 * Adding, editing and removing family members. One flow at a time:
 *
 * - 'idle' → 'member.add' | 'member.edit' → 'editing' (the form; `memberId` null when adding) → 'saving' ('pending')
 *   → 'idle' with `notice`, or back to 'editing' with `failure` (what was typed stays).
 * - 'idle' → 'member.remove' → 'confirmingRemoval' → 'removing' ('pending') → 'idle'; a member with upcoming
 *   bookings is refused (409) → 'confirmingUpcoming' (`upcomingMessage`, said in the dialog) → 'removingAnyway'
 *   ('pending') → 'idle'. Any other refusal goes back to the confirmation with `failure`.
 *
 * The app provides `announceChange` (the list reloads).
 */
export type MemberValues = PersonValues & { relation: FamilyRelation | '' };
export type MemberField = keyof MemberValues;

export type SaveMemberInput = { memberId: number | null; body: FamilyMemberRequest };
export type RemoveMemberInput = { memberId: number; confirmUpcoming: boolean };

export type FamilyMembersContext = {
  today: string;
  memberId: number | null;
  values: MemberValues;
  checked: boolean;
  errors: FieldErrors<MemberValues>;
  formError: MessageDescriptor | null;
  failure: CallFailure | null;
  notice: string | null;
  removal: FamilyEntry | null;
  /** The server's words on the member's upcoming bookings. */
  upcomingMessage: string | null;
};

export type FamilyMembersEvent =
  | { type: 'member.add' }
  | { type: 'member.edit'; member: FamilyEntry }
  | { type: 'field.change'; field: MemberField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'member.remove'; member: FamilyEntry }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };

export const EMPTY_MEMBER: MemberValues = {
  first_name: '',
  last_name: '',
  dob: '',
  gender: '',
  relation: '',
  nationality_id: '',
  id_proof_type_id: '',
  id_proof_number: '',
};

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function memberValues(member: FamilyEntry): MemberValues {
  return {
    first_name: member.first_name,
    last_name: member.last_name,
    dob: text(member.dob),
    gender: (member.gender ?? '') as GenderChoice,
    relation: member.relation ?? '',
    nationality_id: text(member.nationality),
    id_proof_type_id: text(member.id_proof_type_id) as IdProofChoice,
    id_proof_number: text(member.id_proof_number),
  };
}

const memberRules = (today: string): FieldRules<MemberValues> => ({
  ...personRules<MemberValues>(today),
  relation: (value) => required(value, { labelKey: 'relation' }),
});

const errorsOf = (context: FamilyMembersContext) => validateFields(context.values, memberRules(context.today));

const CLOSED = { memberId: null, checked: false, errors: {}, formError: null, failure: null } as const;

export const familyMembersMachine = setup({
  types: {
    input: {} as { today: string },
    context: {} as FamilyMembersContext,
    events: {} as FamilyMembersEvent,
  },
  actors: {
    /** Answers the server's message. */
    saveMember: fromPromise<string, SaveMemberInput>(() => Promise.reject(new Error('saveMember is provided by the app'))),
    removeMember: fromPromise<string, RemoveMemberInput>(() => Promise.reject(new Error('removeMember is provided by the app'))),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(errorsOf(context)),
    hasUpcomingBookings: (_, failed: { error: unknown }) => callFailure(failed.error).status === 409,
  },
  actions: {
    openNew: assign(() => ({ ...CLOSED, values: EMPTY_MEMBER, notice: null })),
    openMember: assign((_, member: FamilyEntry) => ({ ...CLOSED, memberId: member.customer_id, values: memberValues(member), notice: null })),
    setField: assign(({ context }, change: { field: MemberField; value: string }) => {
      const values = { ...context.values, [change.field]: change.value };
      return { values: change.field === 'id_proof_type_id' && change.value === '' ? { ...values, id_proof_number: '' } : values };
    }),
    check: assign(({ context }) => ({ checked: true, ...checkResult(errorsOf(context)) })),
    recheck: assign(({ context }) => (context.checked ? checkResult(errorsOf(context)) : {})),
    storeFailure: assign((_, failed: { error: unknown }) => ({ failure: callFailure(failed.error) })),
    clearFailure: assign(() => ({ failure: null })),
    storeNotice: assign((_, notice: string) => ({ ...CLOSED, notice, removal: null, upcomingMessage: null })),
    chooseRemoval: assign((_, member: FamilyEntry) => ({ removal: member, upcomingMessage: null, failure: null, notice: null })),
    storeUpcoming: assign((_, failed: { error: unknown }) => ({ upcomingMessage: callFailure(failed.error).message })),
    forgetRemoval: assign(() => ({ removal: null, upcomingMessage: null, failure: null })),
    announceChange: () => {},
  },
}).createMachine({
  id: 'familyMembers',
  context: ({ input }) => ({ today: input.today, ...CLOSED, values: EMPTY_MEMBER, notice: null, removal: null, upcomingMessage: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'member.add': { target: 'editing', actions: 'openNew' },
        'member.edit': { target: 'editing', actions: { type: 'openMember', params: ({ event }) => event.member } },
        'member.remove': { target: 'confirmingRemoval', actions: { type: 'chooseRemoval', params: ({ event }) => event.member } },
      },
    },
    editing: {
      on: {
        'field.change': { actions: [{ type: 'setField', params: ({ event }) => event }, 'recheck'] },
        'form.submit': [{ guard: 'isValid', target: 'saving', actions: 'check' }, { actions: 'check' }],
        'form.cancel': 'idle',
      },
    },
    saving: {
      tags: 'pending',
      entry: 'clearFailure',
      invoke: {
        id: 'saveMember',
        src: 'saveMember',
        input: ({ context }) => ({ memberId: context.memberId, body: { ...context.values } }),
        onDone: { target: 'idle', actions: [{ type: 'storeNotice', params: ({ event }) => event.output }, 'announceChange'] },
        onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => event } },
      },
    },
    confirmingRemoval: {
      on: { 'remove.confirm': 'removing', 'remove.cancel': { target: 'idle', actions: 'forgetRemoval' } },
    },
    removing: {
      tags: 'pending',
      entry: 'clearFailure',
      invoke: {
        id: 'removeMember',
        src: 'removeMember',
        input: ({ context }) => ({ memberId: context.removal?.customer_id ?? 0, confirmUpcoming: false }),
        onDone: { target: 'idle', actions: [{ type: 'storeNotice', params: ({ event }) => event.output }, 'announceChange'] },
        onError: [
          { guard: { type: 'hasUpcomingBookings', params: ({ event }) => event }, target: 'confirmingUpcoming', actions: { type: 'storeUpcoming', params: ({ event }) => event } },
          { target: 'confirmingRemoval', actions: { type: 'storeFailure', params: ({ event }) => event } },
        ],
      },
    },
    confirmingUpcoming: {
      on: { 'remove.confirm': 'removingAnyway', 'remove.cancel': { target: 'idle', actions: 'forgetRemoval' } },
    },
    removingAnyway: {
      tags: 'pending',
      entry: 'clearFailure',
      invoke: {
        id: 'removeMemberAnyway',
        src: 'removeMember',
        input: ({ context }) => ({ memberId: context.removal?.customer_id ?? 0, confirmUpcoming: true }),
        onDone: { target: 'idle', actions: [{ type: 'storeNotice', params: ({ event }) => event.output }, 'announceChange'] },
        onError: { target: 'confirmingUpcoming', actions: { type: 'storeFailure', params: ({ event }) => event } },
      },
    },
  },
});
