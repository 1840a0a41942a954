import { and, assign, fromPromise, setup, type ErrorActorEvent, type PromiseActorLogic } from 'xstate';
import { type LeadForm, type LeadSubmission } from '../src/domain/contract/leads';
import {
  blankAnswers,
  LEAD_CAPTCHA,
  LEAD_FORM_INCOMPLETE,
  leadSubmission,
  validateLeadAnswers,
  validateLeadCaptcha,
  type LeadAnswers,
  type LeadErrors,
} from '../src/domain/leads/leadForm';
import { type MessageDescriptor } from '../src/domain/validation/messages';

/**
 * The lead tracking modal (spec 001 §2, §4 Lead form; issue 6 offline tolerance).
 *
 * - 'loading' ('pending') reads the venue's form (GET leads). A venue without one rests in 'noForm'; a failed read
 *   rests in 'loadFailed' with an empty form (S1-8.13) until 'form.retry'.
 * - 'editing': 'field.change', 'captcha.solve' / 'captcha.expire', 'lead.submit'. A submit checks every field
 *   (`context.errors` by field name, the captcha under LEAD_CAPTCHA, `context.formError` 'Please fill all the
 *   required fields'); from then on each change re-checks. Valid answers go to
 *   - 'submitting' ('pending', POST leads with a fresh idempotency key) when the device is online: the server's
 *     message leads to 'sent' (`context.notice`; the UI shows it and closes, S1-4.39, S1-8.21); a refusal to
 *     'failed' (`context.failure.message`, the captcha cleared, every answer kept: S1-8.11, S1-8.12); no answer at
 *     all (status 0) to 'queueing';
 *   - 'queueing' ('pending') when the device is offline: the very same body and key go to the outbox, which sends
 *     them when the network returns; then 'queued' (the UI says so). Nothing typed is lost. On a provisioned kiosk
 *     terminal (`vouched`) an offline submit needs no captcha answer: the terminal's device key vouches for it.
 * - From 'sent' or 'queued', 'lead.restart' starts a fresh form (the next visitor's).
 *
 * The captcha answer is good for one call: it is dropped after every call that sent it, and `captchaRound` counts
 * the drops so the widget can show a new question.
 */

export type LeadFormInput = {
  /** A new idempotency key per submission (crypto.randomUUID in the app). */
  newKey: () => string;
};

/** A refused or failed call: the server's message ('' without an answer) and the HTTP status (0: no answer). */
export type LeadFailure = { message: string; status: number };

/** One submission as it is sent now or later: the body and the key that makes a resend count once. */
export type LeadDelivery = { body: LeadSubmission; key: string };

export type LeadFormContext = LeadFormInput & {
  form: LeadForm | null;
  answers: LeadAnswers;
  captcha: string;
  captchaRound: number;
  checked: boolean;
  errors: LeadErrors;
  formError: MessageDescriptor | null;
  failure: LeadFailure | null;
  notice: string | null;
  delivery: LeadDelivery | null;
  /** The latest submit was offline on a vouching terminal: the captcha is not asked for. */
  captchaWaived: boolean;
};

export type LeadFormEvent =
  | { type: 'field.change'; field: string; value: string | readonly string[] }
  | { type: 'captcha.solve'; response: string }
  | { type: 'captcha.expire' }
  /**
   * `online` is the device's own idea (navigator.onLine): false queues without trying the network. `vouched`: the
   * device is a provisioned kiosk terminal whose device key vouches for what it queues, so an offline submission
   * needs no captcha answer (none can be fetched offline).
   */
  | { type: 'lead.submit'; online: boolean; vouched?: boolean }
  | { type: 'form.retry' }
  | { type: 'lead.restart' };

/** GET leads: the form, or null when the venue has none; rejects when it could not be read. */
export type LoadLeadForm = PromiseActorLogic<LeadForm | null, void>;
/** POST leads with the Idempotency-Key header: the server's message; rejects with a LeadFailure-shaped Error. */
export type SubmitLead = PromiseActorLogic<string, LeadDelivery>;
/** Puts the submission in the device's outbox, to be sent when the network returns. */
export type QueueLead = PromiseActorLogic<void, LeadDelivery>;

export type LeadFormActors = { loadForm: LoadLeadForm; submitLead: SubmitLead; queueLead: QueueLead };

/** Reads a rejection structurally (machines may not import the services that throw it). */
export function leadFailureOf(error: unknown): LeadFailure {
  const status = typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;
  return { message: error instanceof Error ? error.message : '', status };
}

function errorsOf(context: Pick<LeadFormContext, 'form' | 'answers' | 'captcha' | 'captchaWaived'>): LeadErrors {
  const errors = validateLeadAnswers(context.form?.form_fields ?? [], context.answers);
  const captcha = context.captchaWaived ? null : validateLeadCaptcha(context.captcha);
  return captcha ? { ...errors, [LEAD_CAPTCHA]: captcha } : errors;
}

const hasAny = (errors: LeadErrors) => Object.keys(errors).length > 0;

const checkResult = (errors: LeadErrors) => ({ checked: true, errors, formError: hasAny(errors) ? LEAD_FORM_INCOMPLETE : null });

const FRESH = { captcha: '', checked: false, errors: {}, formError: null, failure: null, notice: null, delivery: null, captchaWaived: false } as const;

const waivesCaptcha = (event: LeadFormEvent) => event.type === 'lead.submit' && !event.online && event.vouched === true;

function placeholder<O, I>(name: string): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(() => Promise.reject(new Error(`${name} is provided by the app`)));
}

export const leadFormMachine = setup({
  types: {
    input: {} as LeadFormInput,
    context: {} as LeadFormContext,
    events: {} as LeadFormEvent,
  },
  actors: {
    loadForm: placeholder<LeadForm | null, void>('loadForm'),
    submitLead: placeholder<string, LeadDelivery>('submitLead'),
    queueLead: placeholder<void, LeadDelivery>('queueLead'),
  } satisfies LeadFormActors,
  guards: {
    hasForm: (_, form: LeadForm | null) => form !== null && form.form_fields.length > 0,
    isValid: ({ context, event }) => !hasAny(errorsOf({ ...context, captchaWaived: waivesCaptcha(event) })),
    isOnline: ({ event }) => event.type === 'lead.submit' && event.online,
    isNetworkFailure: (_, error: unknown) => leadFailureOf(error).status === 0,
  },
  actions: {
    storeForm: assign((_, form: LeadForm | null) => ({ form, answers: blankAnswers(form) })),
    setAnswer: assign(({ context }, change: { field: string; value: string | readonly string[] }) => ({
      answers: { ...context.answers, [change.field]: change.value },
    })),
    setCaptcha: assign((_, captcha: string) => ({ captcha })),
    /** After a submit has been tried, every change shows its effect at once. */
    recheck: assign(({ context }) => (context.checked ? checkResult(errorsOf(context)) : {})),
    check: assign(({ context, event }) => {
      const captchaWaived = waivesCaptcha(event);
      return { captchaWaived, ...checkResult(errorsOf({ ...context, captchaWaived })) };
    }),
    /** The body and a new key, fixed now: a queued resend must be the very same submission. */
    prepare: assign(({ context }) => ({
      failure: null,
      delivery: context.form ? { body: leadSubmission(context.form, context.answers, context.captcha), key: context.newKey() } : null,
    })),
    /** The answer was used by this call (or is on its way in the outbox): the widget needs a new one. */
    dropCaptcha: assign(({ context }) => ({ captcha: '', captchaRound: context.captchaRound + 1 })),
    storeFailure: assign((_, error: unknown) => ({ failure: leadFailureOf(error) })),
    storeNotice: assign((_, notice: string) => ({ notice })),
    restart: assign(({ context }) => ({ ...FRESH, answers: blankAnswers(context.form), captchaRound: context.captchaRound + 1 })),
  },
}).createMachine({
  id: 'leadForm',
  context: ({ input }) => ({ ...input, form: null, answers: {}, captchaRound: 0, ...FRESH }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        onDone: [
          { guard: { type: 'hasForm', params: ({ event }) => event.output }, target: 'editing', actions: { type: 'storeForm', params: ({ event }) => event.output } },
          { target: 'noForm' },
        ],
        // S1-8.13: a failed read leaves an empty form.
        onError: { target: 'loadFailed', actions: { type: 'storeForm', params: null } },
      },
    },
    noForm: {},
    loadFailed: {
      on: { 'form.retry': 'loading' },
    },
    editing: {
      on: {
        'field.change': { actions: [{ type: 'setAnswer', params: ({ event }) => event }, 'recheck'] },
        'captcha.solve': { actions: [{ type: 'setCaptcha', params: ({ event }) => event.response }, 'recheck'] },
        'captcha.expire': { actions: [{ type: 'setCaptcha', params: '' }, 'recheck'] },
        'lead.submit': [
          { guard: and(['isValid', 'isOnline']), target: 'submitting', actions: ['check', 'prepare'] },
          { guard: 'isValid', target: 'queueing', actions: ['check', 'prepare'] },
          { actions: 'check' },
        ],
      },
      initial: 'idle',
      states: {
        idle: {},
        failed: {},
      },
    },
    submitting: {
      tags: 'pending',
      invoke: {
        id: 'submitLead',
        src: 'submitLead',
        input: ({ context }) => context.delivery!,
        onDone: { target: 'sent', actions: [{ type: 'storeNotice', params: ({ event }) => event.output }, 'dropCaptcha'] },
        onError: [
          // No answer at all: the lead may or may not have arrived; the outbox resends it under the same key.
          { guard: { type: 'isNetworkFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error }, target: 'queueing' },
          { target: 'editing.failed', actions: [{ type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error }, 'dropCaptcha'] },
        ],
      },
    },
    queueing: {
      tags: 'pending',
      invoke: {
        id: 'queueLead',
        src: 'queueLead',
        input: ({ context }) => context.delivery!,
        onDone: { target: 'queued', actions: 'dropCaptcha' },
        onError: { target: 'editing.failed', actions: [{ type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error }, 'dropCaptcha'] },
      },
    },
    queued: {
      on: { 'lead.restart': { target: 'editing', actions: 'restart' } },
    },
    sent: {
      on: { 'lead.restart': { target: 'editing', actions: 'restart' } },
    },
  },
});
