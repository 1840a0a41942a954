import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { type AdditionalFieldValue, type CustomerTag, type FamilyMember, type FieldConfig, type SavedFile, type VisitorEntry } from '../src/domain/contract/visitors';
import { type Lang } from '../src/domain/lang';
import { FILL_REQUIRED_FIELDS, hasErrors } from '../src/domain/validation/form';
import { type MessageDescriptor } from '../src/domain/validation/messages';
import {
  additionalKey,
  applySavedAnswers,
  canSubmit,
  draftFromFamilyMember,
  draftFromProfile,
  emptyDraft,
  lockedFields,
  toVisitorEntry,
  validateVisitor,
  validateVisitorField,
  type AdditionalValue,
  type EditableField,
  type VisitorDraft,
  type VisitorErrorKey,
  type VisitorErrors,
  type VisitorProfile,
} from '../src/domain/visitors/visitorForm';

/**
 * The visitor details dialog: load the service's fields, the purpose-of-visit tags and the saved family members,
 * let the visitor fill one section per visitor, then store any drawn signature and hand back the entries.
 *
 * - 'loading' ('pending') → 'editing', or 'loadFailed' (`context.failure`; send `details.retry`).
 * - 'editing.idle' | 'editing.fillingMember' ('pending': a chosen family member's saved answers are on their way;
 *   the section is filled from the member at once, the answers follow). Changes to locked fields are ignored.
 *   Emirates ID fields are checked on blur (`*.blur`), every field on `details.submit`: with problems,
 *   `context.errors[i]` holds them per visitor and `context.formError` 'Please fill all the required fields'.
 * - 'submitting' ('pending': `finishEntries` stores signatures still held in the page) → 'submitted' (final;
 *   output and `context.entries` are the VisitorEntry list), or back to 'editing' with `context.failure`.
 *
 * Nothing typed is cleared by a failed call.
 */
export type VisitorDetailsInput = {
  serviceId: number;
  visitorCount: number;
  bookingDate: string;
  lang: Lang;
  profile: VisitorProfile | null;
  termsAreRequired: boolean;
};

export type VisitorCallFailure = { message: string };

export type LoadedDetails = { config: FieldConfig; tags: CustomerTag[]; members: FamilyMember[] };

export type VisitorDetailsContext = VisitorDetailsInput & {
  config: FieldConfig | null;
  tags: CustomerTag[];
  members: FamilyMember[];
  drafts: VisitorDraft[];
  errors: VisitorErrors[];
  termsAccepted: boolean;
  formError: MessageDescriptor | null;
  failure: VisitorCallFailure | null;
  /** Which visitor's saved answers could not be loaded; their section keeps what it has. */
  memberFailure: { index: number; failure: VisitorCallFailure } | null;
  fillingIndex: number | null;
  entries: VisitorEntry[] | null;
};

export type VisitorDetailsEvent =
  | { type: 'details.retry' }
  | { type: 'visitor.change'; index: number; field: EditableField; value: string }
  | { type: 'visitor.blur'; index: number; field: EditableField }
  | { type: 'additional.change'; index: number; fieldId: number; value: AdditionalValue }
  | { type: 'additional.blur'; index: number; fieldId: number }
  | { type: 'document.attach'; index: number; fieldId: number; file: SavedFile | null }
  | { type: 'member.choose'; index: number; customerId: number | null }
  | { type: 'visitor.saveForFuture'; index: number; value: boolean }
  | { type: 'terms.toggle'; accepted: boolean }
  | { type: 'details.submit' };

const failureOf = (error: unknown): VisitorCallFailure => ({ message: error instanceof Error ? error.message : '' });

const replaceAt = <T>(list: readonly T[], index: number, next: T): T[] => list.map((item, at) => (at === index ? next : item));

function initialDrafts({ visitorCount, profile }: VisitorDetailsInput): VisitorDraft[] {
  return Array.from({ length: Math.max(1, visitorCount) }, (_, index) => (index === 0 && profile ? draftFromProfile(profile) : emptyDraft()));
}

function withoutError(errors: VisitorErrors | undefined, key: VisitorErrorKey): VisitorErrors {
  const next = { ...errors };
  delete next[key];
  return next;
}

/** After a blur, the field shows its own problem or none; the others keep theirs. */
function recheck(context: VisitorDetailsContext, index: number, key: VisitorErrorKey): VisitorErrors[] {
  const draft = context.drafts[index];
  if (!draft || !context.config) return context.errors;
  const error = validateVisitorField(draft, key, { config: context.config, lang: context.lang, bookingDate: context.bookingDate });
  const rest = withoutError(context.errors[index], key);
  return replaceAt(context.errors, index, error ? { ...rest, [key]: error } : rest);
}

const allErrors = (context: VisitorDetailsContext): VisitorErrors[] =>
  context.config ? context.drafts.map((draft) => validateVisitor(draft, { config: context.config as FieldConfig, lang: context.lang, bookingDate: context.bookingDate })) : [];

export const visitorDetailsMachine = setup({
  types: {
    input: {} as VisitorDetailsInput,
    context: {} as VisitorDetailsContext,
    events: {} as VisitorDetailsEvent,
    output: {} as VisitorEntry[],
  },
  actors: {
    loadDetails: fromPromise<LoadedDetails, { serviceId: number; loggedIn: boolean }>(() => Promise.reject(new Error('loadDetails is provided by the app'))),
    loadSavedAnswers: fromPromise<AdditionalFieldValue[], { customerId: number }>(() => Promise.reject(new Error('loadSavedAnswers is provided by the app'))),
    finishEntries: fromPromise<VisitorDraft[], { drafts: VisitorDraft[] }>(() => Promise.reject(new Error('finishEntries is provided by the app'))),
  },
  guards: {
    isUnlocked: ({ context }, { index, field }: { index: number; field: EditableField }) => !lockedFields(index, context.profile).has(field),
    isValidVisitor: ({ context }, { index }: { index: number }) => index >= 0 && index < context.drafts.length,
    isSubmittable: ({ context }) => canSubmit({ termsAreRequired: context.termsAreRequired, termsAccepted: context.termsAccepted }),
    hasInvalidVisitor: ({ context }) => allErrors(context).some(hasErrors),
    isChoosingMember: ({ context }, { index, customerId }: { index: number; customerId: number | null }) =>
      customerId !== null && context.members.some((member) => member.customer_id === customerId) && index >= 0 && index < context.drafts.length,
  },
  actions: {
    applyLoaded: assign(({ context }, loaded: LoadedDetails) => ({
      config: loaded.config,
      tags: loaded.tags,
      members: loaded.members,
      // A retry after a failure keeps whatever was there; the first load starts the sections.
      drafts: context.drafts.length > 0 ? context.drafts : initialDrafts(context),
      errors: context.errors.length > 0 ? context.errors : initialDrafts(context).map(() => ({})),
      failure: null,
    })),
    setFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    changeField: assign(({ context }, { index, field, value }: { index: number; field: EditableField; value: string }) => {
      const draft = context.drafts[index];
      if (!draft) return {};
      return {
        drafts: replaceAt(context.drafts, index, { ...draft, [field]: value }),
        errors: replaceAt(context.errors, index, withoutError(context.errors[index], field)),
        formError: null,
      };
    }),
    checkField: assign(({ context }, { index, field }: { index: number; field: VisitorErrorKey }) => ({ errors: recheck(context, index, field) })),
    changeAdditional: assign(({ context }, { index, fieldId, value }: { index: number; fieldId: number; value: AdditionalValue }) => {
      const draft = context.drafts[index];
      if (!draft) return {};
      return {
        drafts: replaceAt(context.drafts, index, { ...draft, additional: { ...draft.additional, [fieldId]: value } }),
        errors: replaceAt(context.errors, index, withoutError(context.errors[index], additionalKey(fieldId))),
        formError: null,
      };
    }),
    attachDocument: assign(({ context }, { index, fieldId, file }: { index: number; fieldId: number; file: SavedFile | null }) => {
      const draft = context.drafts[index];
      if (!draft) return {};
      const documents = { ...draft.documents };
      const additional = { ...draft.additional };
      if (file) {
        documents[fieldId] = file;
        additional[fieldId] = file.path;
      } else {
        delete documents[fieldId];
        delete additional[fieldId];
      }
      return {
        drafts: replaceAt(context.drafts, index, { ...draft, documents, additional }),
        errors: replaceAt(context.errors, index, withoutError(context.errors[index], additionalKey(fieldId))),
      };
    }),
    fillFromMember: assign(({ context }, { index, customerId }: { index: number; customerId: number | null }) => {
      const draft = context.drafts[index];
      const member = context.members.find((each) => each.customer_id === customerId);
      if (!draft) return {};
      const next = member ? draftFromFamilyMember(member, draft) : { ...emptyDraft(), customer_tag_id: draft.customer_tag_id };
      return {
        drafts: replaceAt(context.drafts, index, next),
        errors: replaceAt(context.errors, index, {}),
        fillingIndex: member ? index : context.fillingIndex === index ? null : context.fillingIndex,
        memberFailure: null,
      };
    }),
    applySavedAnswers: assign(({ context }, saved: AdditionalFieldValue[]) => {
      const index = context.fillingIndex;
      const draft = index === null ? undefined : context.drafts[index];
      if (index === null || !draft || !context.config) return { fillingIndex: null };
      return { drafts: replaceAt(context.drafts, index, applySavedAnswers(draft, saved, context.config.additional_fields)), fillingIndex: null };
    }),
    setMemberFailure: assign(({ context }, error: unknown) => ({
      memberFailure: context.fillingIndex === null ? null : { index: context.fillingIndex, failure: failureOf(error) },
      fillingIndex: null,
    })),
    setSaveForFuture: assign(({ context }, { index, value }: { index: number; value: boolean }) => {
      const draft = context.drafts[index];
      return draft ? { drafts: replaceAt(context.drafts, index, { ...draft, save_detail_for_future: value }) } : {};
    }),
    setTerms: assign((_, { accepted }: { accepted: boolean }) => ({ termsAccepted: accepted })),
    showProblems: assign(({ context }) => ({ errors: allErrors(context), formError: FILL_REQUIRED_FIELDS, failure: null })),
    clearProblems: assign(() => ({ formError: null, failure: null })),
    finish: assign(({ context }, drafts: VisitorDraft[]) => ({
      drafts,
      entries: context.config ? drafts.map((draft) => toVisitorEntry(draft, { config: context.config as FieldConfig, tags: context.tags, bookingDate: context.bookingDate })) : [],
    })),
  },
}).createMachine({
  id: 'visitorDetails',
  context: ({ input }) => ({
    ...input,
    config: null,
    tags: [],
    members: [],
    drafts: [],
    errors: [],
    termsAccepted: false,
    formError: null,
    failure: null,
    memberFailure: null,
    fillingIndex: null,
    entries: null,
  }),
  initial: 'loading',
  output: ({ context }) => context.entries ?? [],
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        src: 'loadDetails',
        input: ({ context }) => ({ serviceId: context.serviceId, loggedIn: context.profile !== null }),
        onDone: { target: 'editing', actions: { type: 'applyLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'setFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    loadFailed: {
      on: { 'details.retry': 'loading' },
    },
    editing: {
      initial: 'idle',
      on: {
        'visitor.change': {
          guard: { type: 'isUnlocked', params: ({ event }) => event },
          actions: { type: 'changeField', params: ({ event }) => event },
        },
        'visitor.blur': { actions: { type: 'checkField', params: ({ event }) => event } },
        'additional.change': { actions: { type: 'changeAdditional', params: ({ event }) => event } },
        'additional.blur': { actions: { type: 'checkField', params: ({ event }) => ({ index: event.index, field: additionalKey(event.fieldId) }) } },
        'document.attach': { actions: { type: 'attachDocument', params: ({ event }) => event } },
        'visitor.saveForFuture': { actions: { type: 'setSaveForFuture', params: ({ event }) => event } },
        'terms.toggle': { actions: { type: 'setTerms', params: ({ event }) => event } },
        'member.choose': [
          {
            guard: { type: 'isChoosingMember', params: ({ event }) => event },
            target: '.fillingMember',
            reenter: true,
            actions: { type: 'fillFromMember', params: ({ event }) => event },
          },
          { guard: { type: 'isValidVisitor', params: ({ event }) => event }, actions: { type: 'fillFromMember', params: ({ event }) => event } },
        ],
      },
      states: {
        idle: {
          on: {
            'details.submit': [
              { guard: 'hasInvalidVisitor', actions: 'showProblems' },
              { guard: 'isSubmittable', target: '#visitorDetails.submitting', actions: 'clearProblems' },
            ],
          },
        },
        fillingMember: {
          tags: ['pending'],
          invoke: {
            src: 'loadSavedAnswers',
            input: ({ context }) => ({ customerId: context.drafts[context.fillingIndex ?? 0]?.customer_id ?? 0 }),
            onDone: { target: 'idle', actions: { type: 'applySavedAnswers', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'setMemberFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          },
        },
      },
    },
    submitting: {
      tags: ['pending'],
      invoke: {
        src: 'finishEntries',
        input: ({ context }) => ({ drafts: context.drafts }),
        onDone: { target: 'submitted', actions: { type: 'finish', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'setFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    submitted: { type: 'final' },
  },
});
