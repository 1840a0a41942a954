import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { type LeadForm } from '../src/domain/contract/leads';
import { LEAD_CAPTCHA } from '../src/domain/leads/leadForm';
import { actorDone, actorError, fakeCall, refusal, text, unreachedStates, type GraphEvent } from './accountTesting';
import { leadFormMachine, type LeadDelivery } from './leadForm';

const form: LeadForm = {
  form_name: 'Stay in touch',
  ar_form_name: 'ابقَ على تواصل',
  form_description: 'News and offers',
  ar_form_description: null,
  lead_action_list_id: 41,
  form_fields: [
    { field_name: 'Full name', ar_field_name: 'الاسم الكامل', type: 'text', is_required: 1, options: [] },
    { field_name: 'Email', ar_field_name: null, type: 'email', is_required: 1, options: [] },
    { field_name: 'Mobile number', ar_field_name: null, type: 'phone_number', is_required: 1, options: [] },
    { field_name: 'Interests', ar_field_name: null, type: 'check_boxes', is_required: 1, options: [{ value: 'Tennis' }, { value: 'Bowling' }] },
    { field_name: 'Best time', ar_field_name: null, type: 'radio_buttons', is_required: 0, options: [{ value: 'Morning' }] },
    { field_name: 'Heard from', ar_field_name: null, type: 'drop_down', is_required: 0, options: [{ value: 'A friend' }] },
    { field_name: 'Message', ar_field_name: null, type: 'text_area', is_required: 0, options: [] },
  ],
};

const networkDown = () => Object.assign(new Error(''), { status: 0 });

/** The outbox: records what is queued; each listed Error fails one call, then writes succeed. */
function fakeQueue(failures: Error[]) {
  const inputs: LeadDelivery[] = [];
  const logic = fromPromise<void, LeadDelivery>(async ({ input }) => {
    inputs.push(input);
    const failure = failures.shift();
    if (failure) throw failure;
  });
  return { logic, inputs };
}

function start(options: { load?: (LeadForm | null | Error)[]; submit?: (string | Error)[]; queue?: Error[] } = {}) {
  const load = fakeCall<void, LeadForm | null>(...(options.load ?? [form]));
  const submit = fakeCall<LeadDelivery, string>(...(options.submit ?? ['Thank you!']));
  const queue = fakeQueue(options.queue ?? []);
  let keys = 0;
  const actor = createActor(leadFormMachine.provide({ actors: { loadForm: load.logic, submitLead: submit.logic, queueLead: queue.logic } }), {
    input: { newKey: () => `key-${++keys}` },
  }).start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('pending'));
  return { actor, load, submit, queue, settled, state: () => actor.getSnapshot() };
}

type Lead = ReturnType<typeof start>;

function fill({ actor }: Lead) {
  actor.send({ type: 'field.change', field: 'Full name', value: 'Sam Visitor' });
  actor.send({ type: 'field.change', field: 'Email', value: 'sam@example.com' });
  actor.send({ type: 'field.change', field: 'Mobile number', value: '0501234567' });
  actor.send({ type: 'field.change', field: 'Interests', value: ['Tennis'] });
  actor.send({ type: 'captcha.solve', response: 'challenge:12' });
}

const errorTexts = (lead: Lead) => Object.fromEntries(Object.entries(lead.state().context.errors).map(([field, descriptor]) => [field, text(descriptor)]));

describe('leadFormMachine', () => {
  it('[S1-2.45] loads the form (pending) and starts editing with every answer empty', async () => {
    const lead = start();
    expect(lead.state().matches('loading')).toBe(true);
    expect(lead.state().hasTag('pending')).toBe(true);
    await lead.settled();
    expect(lead.state().matches({ editing: 'idle' })).toBe(true);
    expect(lead.state().context.form).toEqual(form);
    expect(lead.state().context.answers).toEqual({ 'Full name': '', Email: '', 'Mobile number': '', Interests: [], 'Best time': '', 'Heard from': '', Message: '' });
  });

  it('[S1-8.13] a failed read leaves an empty form until retried; a venue without a form rests in noForm', async () => {
    const lead = start({ load: [refusal('Server error', 500), form] });
    await lead.settled();
    expect(lead.state().matches('loadFailed')).toBe(true);
    expect(lead.state().context.form).toBeNull();
    expect(lead.state().context.answers).toEqual({});
    lead.actor.send({ type: 'form.retry' });
    await lead.settled();
    expect(lead.state().matches('editing')).toBe(true);

    const none = start({ load: [null] });
    await none.settled();
    expect(none.state().matches('noForm')).toBe(true);
    const empty = start({ load: [{ ...form, form_fields: [] }] });
    await empty.settled();
    expect(empty.state().matches('noForm')).toBe(true);
  });

  it('[S1-5.61] [S1-5.63] [S1-5.65] [S1-5.66] a submit with nothing filled names every problem and sends nothing', async () => {
    const lead = start();
    await lead.settled();
    lead.actor.send({ type: 'lead.submit', online: true });
    expect(errorTexts(lead)).toEqual({
      'Full name': 'Full name is required',
      Email: 'Email is required',
      'Mobile number': 'Please enter valid mobile number',
      Interests: 'Interests is required',
      [LEAD_CAPTCHA]: 'Please confirm you are not a robot',
    });
    expect(text(lead.state().context.formError)).toBe('Please fill all the required fields');
    expect(lead.state().matches({ editing: 'idle' })).toBe(true);
    expect(lead.submit.inputs).toEqual([]);
    expect(lead.queue.inputs).toEqual([]);
  });

  it('[S1-5.62] [S1-5.64] errors show only after the first submit, then follow every change', async () => {
    const lead = start();
    await lead.settled();
    lead.actor.send({ type: 'field.change', field: 'Email', value: 'sam@' });
    expect(lead.state().context.errors).toEqual({});
    lead.actor.send({ type: 'lead.submit', online: true });
    expect(errorTexts(lead).Email).toBe('Please enter a valid email address');
    lead.actor.send({ type: 'field.change', field: 'Mobile number', value: '12345' });
    expect(errorTexts(lead)['Mobile number']).toBe('Mobile number is not valid');
    fill(lead);
    expect(lead.state().context.errors).toEqual({});
    expect(lead.state().context.formError).toBeNull();
    lead.actor.send({ type: 'captcha.expire' });
    expect(errorTexts(lead)).toEqual({ [LEAD_CAPTCHA]: 'Please confirm you are not a robot' });
  });

  it('[S1-7.28] [S1-8.21] [S1-4.39] valid answers are sent under a new key; the server message ends in sent', async () => {
    const lead = start();
    await lead.settled();
    fill(lead);
    lead.actor.send({ type: 'lead.submit', online: true });
    expect(lead.state().matches('submitting')).toBe(true);
    expect(lead.state().hasTag('pending')).toBe(true);
    await lead.settled();
    expect(lead.state().matches('sent')).toBe(true);
    expect(lead.state().context.notice).toBe('Thank you!');
    const [sent] = lead.submit.inputs;
    expect(sent?.key).toBe('key-1');
    expect(sent?.body.recaptcha_response).toBe('challenge:12');
    expect(sent?.body.answers.lead_action_list_id).toBe(41);
    expect(sent?.body.answers.form_fields.map((field) => [field.field_name, field.answer])).toEqual([
      ['Full name', 'Sam Visitor'],
      ['Email', 'sam@example.com'],
      ['Mobile number', '+971501234567'],
      ['Interests', ['Tennis']],
      ['Best time', null],
      ['Heard from', null],
      ['Message', null],
    ]);
    expect(lead.state().context.captcha).toBe('');

    lead.actor.send({ type: 'lead.restart' });
    expect(lead.state().matches({ editing: 'idle' })).toBe(true);
    expect(lead.state().context.answers['Full name']).toBe('');
    expect(lead.state().context.notice).toBeNull();
  });

  it('[S1-8.11] [S1-8.12] a refusal shows the server message, clears the captcha and keeps every answer; the next try has a new key', async () => {
    const lead = start({ submit: [refusal('Please confirm you are not a robot', 422), 'Thank you!'] });
    await lead.settled();
    fill(lead);
    const round = lead.state().context.captchaRound;
    lead.actor.send({ type: 'lead.submit', online: true });
    await lead.settled();
    expect(lead.state().matches({ editing: 'failed' })).toBe(true);
    expect(lead.state().context.failure).toEqual({ message: 'Please confirm you are not a robot', status: 422 });
    expect(lead.state().context.captcha).toBe('');
    expect(lead.state().context.captchaRound).toBe(round + 1);
    expect(lead.state().context.answers).toMatchObject({ 'Full name': 'Sam Visitor', Email: 'sam@example.com', Interests: ['Tennis'] });

    lead.actor.send({ type: 'lead.submit', online: true });
    expect(errorTexts(lead)).toEqual({ [LEAD_CAPTCHA]: 'Please confirm you are not a robot' });
    expect(lead.submit.inputs).toHaveLength(1);
    lead.actor.send({ type: 'captcha.solve', response: 'challenge:13' });
    lead.actor.send({ type: 'lead.submit', online: true });
    expect(lead.state().context.failure).toBeNull();
    await lead.settled();
    expect(lead.state().matches('sent')).toBe(true);
    expect(lead.submit.inputs.map((input) => input.key)).toEqual(['key-1', 'key-2']);
  });

  it('offline, a submit goes to the outbox without trying the network', async () => {
    const lead = start();
    await lead.settled();
    fill(lead);
    lead.actor.send({ type: 'lead.submit', online: false });
    expect(lead.state().matches('queueing')).toBe(true);
    await lead.settled();
    expect(lead.state().matches('queued')).toBe(true);
    expect(lead.submit.inputs).toEqual([]);
    expect(lead.queue.inputs.map((input) => input.key)).toEqual(['key-1']);
    expect(lead.queue.inputs[0]?.body.answers.form_fields[0]?.answer).toBe('Sam Visitor');
    lead.actor.send({ type: 'lead.restart' });
    expect(lead.state().context.answers.Email).toBe('');
  });

  it('offline on a vouching kiosk terminal, no captcha answer is asked for: the device key vouches for the queued lead', async () => {
    const lead = start();
    await lead.settled();
    fill(lead);
    lead.actor.send({ type: 'captcha.expire' });
    lead.actor.send({ type: 'field.change', field: 'Full name', value: '' });
    lead.actor.send({ type: 'lead.submit', online: false, vouched: true });
    // The answers are still checked; only the captcha is not.
    expect(errorTexts(lead)).toEqual({ 'Full name': 'Full name is required' });
    lead.actor.send({ type: 'field.change', field: 'Full name', value: 'Sam Visitor' });
    expect(lead.state().context.errors).toEqual({});
    lead.actor.send({ type: 'lead.submit', online: false, vouched: true });
    await lead.settled();
    expect(lead.state().matches('queued')).toBe(true);
    expect(lead.queue.inputs[0]?.body.recaptcha_response).toBe('');
  });

  it('the captcha is still asked for online on a terminal, and offline on a device that cannot vouch', async () => {
    const lead = start();
    await lead.settled();
    fill(lead);
    lead.actor.send({ type: 'captcha.expire' });
    for (const submit of [{ online: true, vouched: true }, { online: false, vouched: false }, { online: false }]) {
      lead.actor.send({ type: 'lead.submit', ...submit });
      expect(errorTexts(lead), JSON.stringify(submit)).toEqual({ [LEAD_CAPTCHA]: 'Please confirm you are not a robot' });
    }
    lead.actor.send({ type: 'lead.submit', online: false, vouched: true });
    expect(lead.state().context.errors).toEqual({});
    lead.actor.send({ type: 'lead.submit', online: true, vouched: true });
    expect(lead.submit.inputs).toEqual([]);
    expect(lead.queue.inputs).toHaveLength(1);
  });

  it('no answer at all queues the very submission that was sent (same body, same key), so a resend counts once', async () => {
    const lead = start({ submit: [networkDown()] });
    await lead.settled();
    fill(lead);
    lead.actor.send({ type: 'lead.submit', online: true });
    await lead.settled();
    expect(lead.state().matches('queued')).toBe(true);
    expect(lead.queue.inputs).toEqual(lead.submit.inputs);
    expect(lead.queue.inputs[0]?.key).toBe('key-1');
  });

  it('a queue that cannot be written is a failure, with every answer kept', async () => {
    const lead = start({ queue: [new Error('QuotaExceededError')] });
    await lead.settled();
    fill(lead);
    lead.actor.send({ type: 'lead.submit', online: false });
    await lead.settled();
    expect(lead.state().matches({ editing: 'failed' })).toBe(true);
    expect(lead.state().context.failure).toEqual({ message: 'QuotaExceededError', status: 0 });
    expect(lead.state().context.answers['Full name']).toBe('Sam Visitor');
  });

  it('every state can be reached', () => {
    const valid = (snapshot: AnyMachineSnapshot) => snapshot.context.captcha !== '';
    const unreached = unreachedStates(
      leadFormMachine,
      { newKey: () => 'key' },
      (snapshot): GraphEvent[] => [
        actorDone('loadForm', form),
        actorDone('loadForm', null),
        actorError('loadForm', new Error('down')),
        { type: 'form.retry' },
        ...(snapshot.matches('editing') && !valid(snapshot)
          ? [
              { type: 'field.change', field: 'Full name', value: 'Sam' },
              { type: 'field.change', field: 'Email', value: 'sam@example.com' },
              { type: 'field.change', field: 'Mobile number', value: '0501234567' },
              { type: 'field.change', field: 'Interests', value: ['Tennis'] },
              { type: 'captcha.solve', response: 'c:1' },
            ]
          : []),
        { type: 'lead.submit', online: true },
        { type: 'lead.submit', online: false },
        actorDone('submitLead', 'Thanks'),
        actorError('submitLead', refusal('No', 422)),
        actorError('submitLead', networkDown()),
        actorDone('queueLead', undefined),
        actorError('queueLead', new Error('full')),
        { type: 'lead.restart' },
      ],
      (snapshot) => [snapshot.context.form === null, Object.values(snapshot.context.answers as Record<string, string | string[]>).filter((answer) => answer.length > 0).length, valid(snapshot)],
    );
    expect(unreached).toEqual([]);
  });
});
