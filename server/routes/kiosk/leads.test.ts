import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devLeadsResponse, leadFormResponse, leadSubmitResponse, type LeadForm, type LeadSubmission } from '../../../src/domain/contract/leads';
import { blankAnswers, leadSubmission, type LeadAnswers } from '../../../src/domain/leads/leadForm';
import { HEADERS } from '../../../src/domain/contract/headers';
import { provisionResponse } from '../../../src/domain/contract/terminals';
import { formatTerminalCredential, parseTerminalCredential } from '../../../src/domain/kiosk/deviceKey';
import { CAPTCHA_LIFETIME_MINUTES, type CaptchaProvider } from '../../auth/captcha';
import { leadForms, leads, terminals } from '../../db/schema/kiosk';
import { idempotencyKeys } from '../../db/schema/orders';
import { venues } from '../../db/schema/venue';
import { DEMO_LEAD_FORM } from '../../seed/leads';
import { DEMO_TERMINAL } from '../../seed/terminals';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { caller, patchConfig, refused, solveCaptcha, type Caller } from '../accounts/accountsTestSupport';
import { LEAD_MESSAGES } from './leads';

const FILLED: LeadAnswers = {
  'Full name': 'Sam Visitor',
  Email: ' Sam@Example.com ',
  'Mobile number': '050 123 4567',
  Interests: ['Tennis', 'Bowling'],
  'Best time to call': 'Evening',
  'How did you hear about us?': 'A friend',
  Message: 'Weekend tennis lessons, please.',
};

async function demoForm(api: Caller): Promise<LeadForm> {
  const form = leadFormResponse.parse((await api.get('leads')).json()).data;
  if (!form) throw new Error('the demo venue has no lead form');
  return form;
}

async function storedLeads(api: Caller) {
  return devLeadsResponse.parse((await api.get('dev/leads')).json()).data;
}

describe('lead calls', () => {
  let t: TestApp;
  let api: Caller;
  let form: LeadForm;
  const submit = (body: LeadSubmission | object, key?: string) => api.post('leads', body, key === undefined ? {} : { headers: { 'idempotency-key': key } });
  const filled = async (answers: LeadAnswers = FILLED) => leadSubmission(form, answers, await solveCaptcha(api));

  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
    form = await demoForm(api);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(leads);
  });

  it('[S1-7.27] [S1-3.37] [S1-3.38] GET leads reads the form: name, description, action list and fields of every type, in English and Arabic', async () => {
    const response = await api.get('leads');
    expect(response.statusCode).toBe(200);
    expect(form).toEqual({ ...DEMO_LEAD_FORM, form_fields: DEMO_LEAD_FORM.form_fields.map((field) => ({ ...field, options: [...field.options] })) });
    expect(form.form_fields.map((field) => field.type)).toEqual(['text', 'email', 'phone_number', 'check_boxes', 'radio_buttons', 'drop_down', 'text_area']);
    expect(form.form_fields.every((field) => field.ar_field_name)).toBe(true);
    expect(form.form_fields.find((field) => field.type === 'drop_down')?.options[0]).toEqual({ value: 'Social media', ar_value: 'وسائل التواصل الاجتماعي' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('[S1-8.13] a venue without a lead form answers no form (data null); an unknown venue 404', async () => {
    const [venue] = await t.db.select().from(venues).limit(1);
    const saved = await t.db.select().from(leadForms);
    await t.db.delete(leadForms).where(eq(leadForms.venueId, venue!.id));
    try {
      const response = await api.get('leads');
      expect(response.statusCode).toBe(200);
      expect(leadFormResponse.parse(response.json())).toEqual({ status: true, data: null });
    } finally {
      await t.db.insert(leadForms).values(saved);
    }
    refused(await api.get('leads', { headers: { 'x-visitor-token': 'nope' } }), 404, 'Venue not found');
  });

  it('[S1-7.28] [S1-8.21] POST leads stores the answers by the form and answers a message', async () => {
    const response = await submit(await filled());
    expect(response.statusCode, response.body).toBe(200);
    expect(leadSubmitResponse.parse(response.json())).toEqual({ status: true, data: null, message: LEAD_MESSAGES.thanks });
    const [lead] = await storedLeads(api);
    expect(lead).toMatchObject({ lead_action_list_id: 41, idempotency_key: null });
    expect(lead?.answers).toEqual({
      form_name: 'Stay in touch',
      form_description: DEMO_LEAD_FORM.form_description,
      form_fields: [
        { field_name: 'Full name', type: 'text', answer: 'Sam Visitor' },
        { field_name: 'Email', type: 'email', answer: 'sam@example.com' },
        { field_name: 'Mobile number', type: 'phone_number', answer: '+971501234567' },
        { field_name: 'Interests', type: 'check_boxes', answer: ['Tennis', 'Bowling'] },
        { field_name: 'Best time to call', type: 'radio_buttons', answer: 'Evening' },
        { field_name: 'How did you hear about us?', type: 'drop_down', answer: 'A friend' },
        { field_name: 'Message', type: 'text_area', answer: 'Weekend tennis lessons, please.' },
      ],
    });
  });

  it('optional fields may stay empty', async () => {
    const answers = { ...blankAnswers(form), 'Full name': 'Sam', Email: 'sam@example.com', 'Mobile number': '0501234567', Interests: ['Swimming'] };
    expect((await submit(await filled(answers))).statusCode).toBe(200);
    const [lead] = await storedLeads(api);
    expect((lead?.answers as { form_fields: { answer: unknown }[] }).form_fields.map((field) => field.answer)).toEqual(['Sam', 'sam@example.com', '+971501234567', ['Swimming'], null, null, null]);
  });

  it.each<[string, LeadAnswers, string, string]>([
    ['[S1-5.61] a required text field', { 'Full name': '  ' }, 'Full name', 'Full name is required'],
    ['[S1-5.61] required check boxes', { Interests: [] }, 'Interests', 'Interests is required'],
    ['[S1-5.61] a required e-mail', { Email: '' }, 'Email', 'Email is required'],
    ['[S1-5.62] a malformed e-mail', { Email: 'sam@example' }, 'Email', 'Please enter a valid email address'],
    ['[S1-5.63] an empty phone', { 'Mobile number': '' }, 'Mobile number', 'Please enter valid mobile number'],
    ['[S1-5.64] a phone failing the pattern', { 'Mobile number': '12345' }, 'Mobile number', 'Mobile number is not valid'],
    ['an option the form does not offer', { 'Best time to call': 'Midnight' }, 'Best time to call', 'Best time to call: please choose one of the offered options'],
    ['the e-mail not-an-email', { Email: 'not-an-email' }, 'Email', 'Please enter a valid email address'],
    ['the mobile +971abc', { 'Mobile number': '+971abc' }, 'Mobile number', 'Mobile number is not valid'],
    ['a one-line answer past 200 characters', { 'Full name': 'S'.repeat(201) }, 'Full name', 'Full name cannot be longer than 200 characters'],
  ])('refuses %s with 422 and the field message, storing nothing', async (_title, change, field, message) => {
    const body = refused(await submit(await filled({ ...FILLED, ...change })), 422, message);
    expect(body.data).toEqual({ errors: { [field]: message } });
    expect(await storedLeads(api)).toEqual([]);
  });

  it('checks answers against its own copy of the form, not the one sent', async () => {
    const body = await filled();
    const relaxed = { ...body, answers: { ...body.answers, form_fields: body.answers.form_fields.map((field) => ({ ...field, is_required: 0 as const, answer: null })) } };
    const problems = refused(await submit(relaxed), 422, 'Full name is required').data as { errors: Record<string, string> };
    expect(Object.keys(problems.errors)).toEqual(['Full name', 'Email', 'Mobile number', 'Interests']);
    refused(await submit({ ...body, answers: { ...body.answers, lead_action_list_id: 999 } }), 422, LEAD_MESSAGES.formNotFound);
    expect((await submit({ answers: { form_name: 'x' } })).statusCode).toBe(400);
  });

  it('[S1-5.65] the captcha is required and checked by the venue\'s provider; a wrong answer uses the question up', async () => {
    refused(await submit(leadSubmission(form, FILLED, '')), 422, 'Please confirm you are not a robot');
    const right = await solveCaptcha(api);
    const wrong = right.replace(/:(\d+)$/, (_match, answer: string) => `:${Number(answer) + 1}`);
    refused(await submit(leadSubmission(form, FILLED, wrong)), 422, 'Please confirm you are not a robot');
    refused(await submit(leadSubmission(form, FILLED, right)), 422, 'Please confirm you are not a robot');
    expect(await storedLeads(api)).toEqual([]);
  });

  describe('with an Idempotency-Key', () => {
    it('a resend stores the lead once and answers the same message, without a new captcha', async () => {
      const body = await filled();
      const first = await submit(body, 'lead-key-1');
      expect(first.statusCode).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await submit(body, 'lead-key-1');
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      const stored = await storedLeads(api);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.idempotency_key).toBe('lead-key-1');
    });

    it('resends that arrive together still store one lead', async () => {
      const body = await filled();
      const answers = await Promise.all([submit(body, 'lead-key-2'), submit(body, 'lead-key-2'), submit(body, 'lead-key-2')]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
      expect(await storedLeads(api)).toHaveLength(1);
    });

    it('a refusal is answered again to a resend; the same key with other answers is a conflict', async () => {
      const refusedBody = leadSubmission(form, FILLED, 'no-such-challenge:7');
      refused(await submit(refusedBody, 'lead-key-3'), 422, 'Please confirm you are not a robot');
      const replay = refused(await submit(refusedBody, 'lead-key-3'), 422, 'Please confirm you are not a robot');
      expect(replay).toMatchObject({ status: false });

      const body = await filled();
      expect((await submit(body, 'lead-key-4')).statusCode).toBe(200);
      refused(await submit({ ...body, answers: { ...body.answers, form_name: 'Other' } }, 'lead-key-4'), 409, LEAD_MESSAGES.keyReused);
      expect(await storedLeads(api)).toHaveLength(1);
    });

    it('a lead that arrived long ago (its kept answer purged) is answered with thanks again, not stored twice', async () => {
      const body = await filled();
      expect((await submit(body, 'lead-key-5')).statusCode).toBe(200);
      await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, 'lead-key-5'));
      const again = await submit(body, 'lead-key-5');
      expect(again.statusCode).toBe(200);
      expect(leadSubmitResponse.parse(again.json()).message).toBe(LEAD_MESSAGES.thanks);
      expect(await storedLeads(api)).toHaveLength(1);
    });

    it('an empty or too long key is a 400', async () => {
      const body = await filled();
      refused(await submit(body, ' '), 400, LEAD_MESSAGES.keyInvalid);
      refused(await submit(body, 'k'.repeat(201)), 400, LEAD_MESSAGES.keyInvalid);
    });
  });
});

describe('leads vouched for by a terminal device key', () => {
  const START = new Date('2026-03-01T08:00:00Z');
  let clock = START;
  let t: TestApp;
  let api: Caller;
  let form: LeadForm;
  /** The terminal's row in leads.terminal_id; the credential names it by its public id. */
  let terminalId: number;
  let credential: string;
  const submit = (body: LeadSubmission, key: string, credentialHeader?: string) =>
    api.post('leads', body, { headers: { 'idempotency-key': key, ...(credentialHeader === undefined ? {} : { [HEADERS.terminalCredential.toLowerCase()]: credentialHeader }) } });
  const provision = async () => {
    const terminal = provisionResponse.parse((await api.post('terminals/provision', { code: 'LOBBY-1', pin: DEMO_TERMINAL.pin })).json()).data;
    return formatTerminalCredential({ terminalId: terminal.id, key: terminal.device_key });
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    api = caller(t);
    form = await demoForm(api);
    credential = await provision();
    terminalId = (await t.db.select({ id: terminals.id }).from(terminals).where(eq(terminals.publicId, parseTerminalCredential(credential)!.terminalId)))[0]!.id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock = START;
    await t.db.delete(leads);
  });

  it('a lead queued offline without a captcha answer is stored on the key, with the terminal it came from', async () => {
    const response = await submit(leadSubmission(form, FILLED, ''), 'offline-1', credential);
    expect(response.statusCode, response.body).toBe(200);
    expect(leadSubmitResponse.parse(response.json()).message).toBe(LEAD_MESSAGES.thanks);
    expect(await storedLeads(api)).toEqual([expect.objectContaining({ idempotency_key: 'offline-1', terminal_id: terminalId })]);
  });

  it('a captcha answer that expired while the lead waited in the outbox does not matter on the key; without it the lead is refused', async () => {
    const body = leadSubmission(form, FILLED, await solveCaptcha(api));
    clock = new Date(START.getTime() + (CAPTCHA_LIFETIME_MINUTES + 60) * 60_000);
    refused(await submit(body, 'late-1'), 422, 'Please confirm you are not a robot');
    expect((await submit(body, 'late-2', credential)).statusCode).toBe(200);
    expect((await storedLeads(api)).map((lead) => lead.terminal_id)).toEqual([terminalId]);
  });

  it('a wrong, malformed or replaced key vouches for nothing: the captcha is asked for as usual', async () => {
    const { terminalId: publicId, key } = parseTerminalCredential(credential)!;
    const otherKey = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    const otherTerminal = '00000000-0000-4000-8000-000000000000';
    for (const [index, header] of [formatTerminalCredential({ terminalId: publicId, key: otherKey }), formatTerminalCredential({ terminalId: otherTerminal, key }), key, ''].entries()) {
      refused(await submit(leadSubmission(form, FILLED, ''), `wrong-${index}`, header), 422, 'Please confirm you are not a robot');
    }
    const previous = credential;
    credential = await provision();
    refused(await submit(leadSubmission(form, FILLED, ''), 'replaced', previous), 422, 'Please confirm you are not a robot');
    expect((await submit(leadSubmission(form, FILLED, ''), 'current', credential)).statusCode).toBe(200);
    expect(await storedLeads(api)).toHaveLength(1);
  });

  it('the key does not excuse the answers: a required field left empty is still refused', async () => {
    refused(await submit(leadSubmission(form, { ...FILLED, 'Full name': '' }, ''), 'empty-name', credential), 422, 'Full name is required');
  });

  it('a resend of a vouched lead under its key stores it once', async () => {
    const body = leadSubmission(form, FILLED, '');
    expect((await submit(body, 'twice', credential)).statusCode).toBe(200);
    const again = await submit(body, 'twice', credential);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await storedLeads(api)).toHaveLength(1);
  });
});

describe('lead captcha with a reCAPTCHA site key', () => {
  let t: TestApp;
  let api: Caller;
  const google: CaptchaProvider = { verify: async (response) => response === 'google-says-human' };

  beforeAll(async () => {
    t = await createTestApp({ recaptcha: google });
    api = caller(t);
    await patchConfig(api, { recaptcha_site_key: '6Lc-site-key' });
  });
  afterAll(() => t.close());

  it("[S1-5.65] sends the answer to the venue's reCAPTCHA; a built-in answer does not pass", async () => {
    const form = await demoForm(api);
    refused(await api.post('leads', leadSubmission(form, FILLED, await solveCaptcha(api))), 422, 'Please confirm you are not a robot');
    expect((await api.post('leads', leadSubmission(form, FILLED, 'google-says-human'))).statusCode).toBe(200);
  });
});

describe('without development tools', () => {
  it('GET dev/leads does not exist', async () => {
    const t = await createTestApp({ devTools: false });
    try {
      expect((await t.app.inject({ url: '/api/v1/dev/leads' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/v1/leads' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
