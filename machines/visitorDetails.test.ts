import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type AdditionalFieldValue, type FieldConfig } from '../src/domain/contract/visitors';
import { messageText } from '../src/domain/validation/messageText';
import { type VisitorDraft } from '../src/domain/visitors/visitorForm';
import { visitorDetailsMachine, type LoadedDetails, type VisitorDetailsInput } from './visitorDetails';

const CONFIG: FieldConfig = {
  dob: { is_visible: 1, is_required: 1 },
  nationality: { is_visible: 1, is_required: 0 },
  id: { is_visible: 0, is_required: 0 },
  religion: { is_visible: 0, is_required: 0 },
  tag: { is_visible: 1, is_required: 0 },
  gender: { is_visible: 1, is_required: 0 },
  additional_fields: [
    { id: 1, slug: 'emergency', name: 'Emergency contact name', type: 'text_box', is_required: 1, options: [] },
    { id: 2, slug: 'guardian_eid', name: 'Guardian Emirates ID', type: 'emirates_id', is_required: 0, options: [] },
    { id: 12, slug: 'waiver', name: 'Safety waiver', type: 'disclaimer_form', is_required: 1, options: [], content: 'I, {customer_name}, on {booking_date}.' },
  ],
  countries: [{ id: 1, name: 'United Arab Emirates' }],
};

const LOADED: LoadedDetails = {
  config: CONFIG,
  tags: [{ id: 4, name: 'Leisure' }],
  members: [{ customer_id: 7, first_name: 'Omar', last_name: 'Hassan', is_icp_down: 0, mobile: '+971551112233', email: 'omar@example.com', dob: '2012-07-21', gender: 'Male' }],
};

const PROFILE = { name: 'Layla Hassan', email: 'layla@example.com', mobile: '+971501234567', dob: '1990-04-12', gender: 'Female' };
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';

type Fakes = {
  load?: () => Promise<LoadedDetails>;
  answers?: (customerId: number) => Promise<AdditionalFieldValue[]>;
  finish?: (drafts: VisitorDraft[]) => Promise<VisitorDraft[]>;
};

function start(fakes: Fakes = {}, input: Partial<VisitorDetailsInput> = {}) {
  const calls = { load: 0, answers: [] as number[], finish: 0 };
  const machine = visitorDetailsMachine.provide({
    actors: {
      loadDetails: fromPromise(async () => {
        calls.load += 1;
        return (fakes.load ?? (async () => LOADED))();
      }),
      loadSavedAnswers: fromPromise(async ({ input: { customerId } }: { input: { customerId: number } }) => {
        calls.answers.push(customerId);
        return (fakes.answers ?? (async () => []))(customerId);
      }),
      finishEntries: fromPromise(async ({ input: { drafts } }: { input: { drafts: VisitorDraft[] } }) => {
        calls.finish += 1;
        return (fakes.finish ?? (async (all: VisitorDraft[]) => all.map((draft) => ({ ...draft, additional: { ...draft.additional, 12: '/api/v1/files/sig.png' } }))))(drafts);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { serviceId: 3, visitorCount: 2, bookingDate: '2025-03-14', lang: 'en', profile: PROFILE, termsAreRequired: true, ...input },
  });
  actor.start();
  return { actor, calls };
}

const editing = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (state) => state.matches({ editing: 'idle' }));

function fillSecond(actor: ReturnType<typeof start>['actor']) {
  const change = (field: 'name' | 'email' | 'mobile_number' | 'dob', value: string) => actor.send({ type: 'visitor.change', index: 1, field, value });
  change('name', 'Mariam Hassan');
  change('email', 'mariam@example.com');
  change('mobile_number', '0552223344');
  change('dob', '2016-02-14');
  actor.send({ type: 'additional.change', index: 1, fieldId: 1, value: 'Layla' });
  actor.send({ type: 'additional.change', index: 1, fieldId: 12, value: SIGNATURE });
}

describe('visitorDetails machine', () => {
  it('[S1-2.43] [S1-5.13] loads the fields and starts one section per visitor, the first from the user', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await editing(actor);
    const { drafts, config, tags, members } = actor.getSnapshot().context;
    expect(calls.load).toBe(1);
    expect(drafts).toHaveLength(2);
    expect(drafts[0]).toMatchObject({ name: 'Layla Hassan', email: 'layla@example.com', mobile_number: '501234567' });
    expect(drafts[1]?.name).toBe('');
    expect(config).toBe(CONFIG);
    expect(tags).toHaveLength(1);
    expect(members).toHaveLength(1);
  });

  it('a failed load says so and retries on details.retry', async () => {
    let attempt = 0;
    const { actor } = start({
      load: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('Service not found');
        return LOADED;
      },
    });
    await waitFor(actor, (state) => state.matches('loadFailed'));
    expect(actor.getSnapshot().context.failure?.message).toBe('Service not found');
    actor.send({ type: 'details.retry' });
    await editing(actor);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('[S1-5.11] ignores changes to the first visitor\'s locked fields, accepts them elsewhere', async () => {
    const { actor } = start();
    await editing(actor);
    actor.send({ type: 'visitor.change', index: 0, field: 'name', value: 'Someone else' });
    actor.send({ type: 'visitor.change', index: 0, field: 'nationality', value: '1' });
    actor.send({ type: 'visitor.change', index: 1, field: 'name', value: 'Mariam' });
    const { drafts } = actor.getSnapshot().context;
    expect(drafts[0]?.name).toBe('Layla Hassan');
    expect(drafts[0]?.nationality).toBe('1');
    expect(drafts[1]?.name).toBe('Mariam');
  });

  it('[S1-5.23] checks an Emirates ID field when it loses focus, and clears the message on change', async () => {
    const { actor } = start();
    await editing(actor);
    actor.send({ type: 'additional.change', index: 1, fieldId: 2, value: '784-1990' });
    expect(actor.getSnapshot().context.errors[1]?.['additional.2']).toBeUndefined();
    actor.send({ type: 'additional.blur', index: 1, fieldId: 2 });
    const error = actor.getSnapshot().context.errors[1]?.['additional.2'];
    expect(error && messageText(error)).toBe('Emirates ID format is incorrect.');
    actor.send({ type: 'additional.change', index: 1, fieldId: 2, value: '784-1990-1234567-6' });
    expect(actor.getSnapshot().context.errors[1]?.['additional.2']).toBeUndefined();
  });

  it('[S1-5.26] [S1-5.16] an incomplete form shows every problem and \'Please fill all the required fields\', keeping what was typed', async () => {
    const { actor, calls } = start({}, { termsAreRequired: false });
    await editing(actor);
    actor.send({ type: 'visitor.change', index: 1, field: 'name', value: 'Mariam' });
    actor.send({ type: 'details.submit' });
    const { formError, errors, drafts } = actor.getSnapshot().context;
    expect(formError && messageText(formError)).toBe('Please fill all the required fields');
    expect(errors[0]?.['additional.1'] && messageText(errors[0]['additional.1'])).toBe('Emergency contact name is required');
    expect(errors[1]?.email && messageText(errors[1].email)).toBe('Email is required');
    expect(drafts[1]?.name).toBe('Mariam');
    expect(calls.finish).toBe(0);
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
  });

  it('[S1-5.14] [S1-5.15] with terms text, a complete form goes nowhere until the terms are ticked', async () => {
    const { actor, calls } = start();
    await editing(actor);
    actor.send({ type: 'additional.change', index: 0, fieldId: 1, value: 'Karim' });
    actor.send({ type: 'additional.change', index: 0, fieldId: 12, value: SIGNATURE });
    fillSecond(actor);
    actor.send({ type: 'details.submit' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(calls.finish).toBe(0);
    actor.send({ type: 'terms.toggle', accepted: true });
    actor.send({ type: 'details.submit' });
    const done = await waitFor(actor, (state) => state.status === 'done');
    expect(calls.finish).toBe(1);
    expect(done.output).toHaveLength(2);
    expect(done.output?.[1]).toMatchObject({ name: 'Mariam Hassan', mobile_number: '+971552223344' });
    expect(done.output?.[0]?.additional_fields.find((each) => each.id === 12)).toMatchObject({ value: '/api/v1/files/sig.png', content: 'I, Layla Hassan, on Fri, 14 Mar 2025.' });
  });

  it('a failed signature upload goes back to the form with the message; nothing typed is lost', async () => {
    const { actor } = start({ finish: async () => Promise.reject(new Error('The file is too large. The maximum size is 5 MB.')) }, { termsAreRequired: false });
    await editing(actor);
    actor.send({ type: 'additional.change', index: 0, fieldId: 1, value: 'Karim' });
    actor.send({ type: 'additional.change', index: 0, fieldId: 12, value: SIGNATURE });
    fillSecond(actor);
    actor.send({ type: 'details.submit' });
    await waitFor(actor, (state) => state.matches({ editing: 'idle' }) && state.context.failure !== null);
    const { failure, drafts } = actor.getSnapshot().context;
    expect(failure?.message).toBe('The file is too large. The maximum size is 5 MB.');
    expect(drafts[1]?.additional[12]).toBe(SIGNATURE);
    expect(drafts[1]?.name).toBe('Mariam Hassan');
  });

  it('[S1-3.28] choosing a saved family member fills the section, then their saved answers', async () => {
    let answer: (values: AdditionalFieldValue[]) => void = () => {};
    const { actor, calls } = start({ answers: () => new Promise((resolve) => (answer = resolve)) });
    await editing(actor);
    actor.send({ type: 'member.choose', index: 1, customerId: 7 });
    expect(actor.getSnapshot().matches({ editing: 'fillingMember' })).toBe(true);
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(actor.getSnapshot().context.drafts[1]).toMatchObject({ customer_id: 7, name: 'Omar Hassan', gender: 'Male' });
    expect(calls.answers).toEqual([7]);
    answer([{ id: 1, slug: 'emergency', value: 'Layla Hassan' }]);
    await editing(actor);
    expect(actor.getSnapshot().context.drafts[1]?.additional[1]).toBe('Layla Hassan');
    actor.send({ type: 'member.choose', index: 1, customerId: null });
    expect(actor.getSnapshot().context.drafts[1]?.name).toBe('');
  });

  it('saved answers that cannot be loaded leave the filled section and say so', async () => {
    const { actor } = start({ answers: async () => Promise.reject(new Error('')) });
    await editing(actor);
    actor.send({ type: 'member.choose', index: 1, customerId: 7 });
    await editing(actor);
    expect(actor.getSnapshot().context.memberFailure).toEqual({ index: 1, failure: { message: '' } });
    expect(actor.getSnapshot().context.drafts[1]?.name).toBe('Omar Hassan');
  });

  it('attaching and removing a document sets the field value to the stored path and back', async () => {
    const { actor } = start();
    await editing(actor);
    const file = { name: 'certificate.pdf', path: '/api/v1/files/c.pdf', type: 'application/pdf', size: 10 };
    actor.send({ type: 'document.attach', index: 1, fieldId: 8, file });
    expect(actor.getSnapshot().context.drafts[1]).toMatchObject({ documents: { 8: file }, additional: { 8: '/api/v1/files/c.pdf' } });
    actor.send({ type: 'document.attach', index: 1, fieldId: 8, file: null });
    expect(actor.getSnapshot().context.drafts[1]).toMatchObject({ documents: {}, additional: {} });
  });
});
