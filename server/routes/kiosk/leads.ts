import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { authErrorBody } from '../../../src/domain/contract/auth';
import { errorBody } from '../../../src/domain/contract/envelope';
import { HEADERS } from '../../../src/domain/contract/headers';
import {
  devLeadsCall,
  devLeadsResponse,
  leadFormCall,
  leadFormField,
  leadFormResponse,
  leadSubmission,
  leadSubmitCall,
  leadSubmitResponse,
  type LeadForm,
  type LeadFormField,
  type LeadSubmission,
} from '../../../src/domain/contract/leads';
import { leadServerText } from '../../../src/domain/leads/leadText';
import { hasOnlyOfferedChoices, normaliseLeadAnswer, validateLeadAnswers } from '../../../src/domain/leads/leadForm';
import { messageText } from '../../../src/domain/validation/messageText';
import { requireCaptcha, type Captcha } from '../../auth/captcha';
import { AuthError } from '../../auth/errors';
import { type Database } from '../../db/client';
import { leadForms, leads } from '../../db/schema/kiosk';
import { idempotencyKeys } from '../../db/schema/orders';
import { type AppContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { parseInput, sendParsed } from '../../http/validation';
import { vouchingTerminal } from './terminals';
import { requireVenue, siteConfigOf, type VenueRow } from '../../http/venue';
import { IDEMPOTENCY_KEY_MAX, requestDigest } from '../orders/idempotency';
import { captchaContext, DetailedHttpError, installAccountErrors } from '../accounts/accountsShared';
import { serve } from '../../http/serve';

export type LeadsContext = AppContext & {
  captcha: Captcha;
  /** GET dev/leads lists what was stored (development tools only). */
  devTools: boolean;
};

export const LEAD_MESSAGES = {
  /** The lead server message of S1-8.21; the screens translate it (leads:serverMessages.thanks). */
  thanks: leadServerText('thanks'),
  formNotFound: leadServerText('formNotFound'),
  unknownChoice: (field: string) => `${field}: please choose one of the offered options`,
  keyInvalid: `An Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`,
  keyReused: 'This request was already made with different details',
} as const;

/** Advisory lock class of a lead's key (the orders use another): a resend waits for the first to finish. */
const LEAD_KEY_LOCK = 7322;

const storedFields = z.array(leadFormField);

type FormRow = typeof leadForms.$inferSelect;

function toLeadForm(row: FormRow): LeadForm {
  return {
    form_name: row.formName,
    ar_form_name: row.arFormName,
    form_description: row.formDescription,
    ar_form_description: row.arFormDescription,
    lead_action_list_id: row.leadActionListId,
    // The seed and the admin tools write these; a broken row is a server fault, not the visitor's.
    form_fields: storedFields.parse(row.fields),
  };
}

/** The optional Idempotency-Key: without one every POST is a new lead (the spec's own client sends none). */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = headerOf(request, HEADERS.idempotencyKey);
  if (value === undefined) return null;
  const key = value.trim();
  if (key === '' || key.length > IDEMPOTENCY_KEY_MAX) throw new HttpError(400, LEAD_MESSAGES.keyInvalid);
  return key;
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers[name.toLowerCase()];
  return Array.isArray(header) ? header[0] : header;
}

/** The answers by the venue's own copy of the form: required, e-mail, phone and choice rules; 422 with every field's message. */
function checkedAnswers(form: LeadForm, submission: LeadSubmission) {
  const sent = new Map(submission.answers.form_fields.map((field) => [field.field_name, field.answer]));
  const answers = Object.fromEntries(form.form_fields.map((field) => [field.field_name, sent.get(field.field_name) ?? '']));
  const problems: Record<string, string> = Object.fromEntries(
    Object.entries(validateLeadAnswers(form.form_fields, answers)).map(([field, descriptor]) => [field, messageText(descriptor)]),
  );
  for (const field of form.form_fields) {
    if (!problems[field.field_name] && !hasOnlyOfferedChoices(field, answers[field.field_name])) problems[field.field_name] = LEAD_MESSAGES.unknownChoice(field.field_name);
  }
  const [first] = Object.values(problems);
  if (first !== undefined) throw new DetailedHttpError(422, first, { errors: problems });
  return form.form_fields.map((field: LeadFormField) => ({ field_name: field.field_name, type: field.type, answer: normaliseLeadAnswer(field, answers[field.field_name]) }));
}

/** The body a refusal is answered (and, under a key, kept) with. */
function refusalBody(error: HttpError): unknown {
  if (error instanceof AuthError) return authErrorBody.parse({ status: false, message: error.message, code: error.code });
  if (error instanceof DetailedHttpError) return errorBody.parse({ status: false, message: error.message, data: error.data });
  return errorBody.parse({ status: false, message: error.message });
}

/**
 * GET leads and POST leads (spec 001 §7, S1-7.27, S1-7.28), plus GET dev/leads for tests. A POST is checked like the
 * screen checks it, then the captcha (or the terminal's device key), then stored. Under an Idempotency-Key the whole call runs once per key and
 * venue: a resend (the device's outbox after a lost answer) gets the first answer back and stores nothing.
 */
export const leadRoutes: FastifyPluginAsync<LeadsContext> = async (app, { db, now, captcha, devTools }) => {
  installAccountErrors(app);

  const findForm = async (from: Database, venueId: number, leadActionListId?: number): Promise<LeadForm | null> => {
    const [row] = await from
      .select()
      .from(leadForms)
      .where(leadActionListId === undefined ? eq(leadForms.venueId, venueId) : and(eq(leadForms.venueId, venueId), eq(leadForms.leadActionListId, leadActionListId)))
      .orderBy(asc(leadForms.id))
      .limit(1);
    return row ? toLeadForm(row) : null;
  };

  /**
   * Checks and stores one lead through `tx` (the database or a transaction). A provisioned terminal's device key
   * (X-Terminal-Credential) stands in for the captcha; otherwise the captcha's answer is checked and used up.
   */
  const accept = async (tx: Database, request: FastifyRequest, venue: VenueRow, submission: LeadSubmission, key: string | null, at: Date) => {
    const form = await findForm(tx, venue.id, submission.answers.lead_action_list_id);
    if (!form) throw new HttpError(422, LEAD_MESSAGES.formNotFound);
    const answers = checkedAnswers(form, submission);
    const terminalId = await vouchingTerminal(tx, venue.id, headerOf(request, HEADERS.terminalCredential));
    if (terminalId === null) {
      const siteKey = siteConfigOf(venue).recaptcha_site_key;
      await requireCaptcha(captcha, tx, siteKey, submission.recaptcha_response, captchaContext(request, at));
    }
    await tx.insert(leads).values({
      venueId: venue.id,
      leadActionListId: form.lead_action_list_id,
      answers: { form_name: form.form_name, form_description: form.form_description ?? null, form_fields: answers },
      idempotencyKey: key,
      terminalId,
      createdAt: at,
    });
    return leadSubmitResponse.parse({ status: true, data: null, message: LEAD_MESSAGES.thanks });
  };

  serve(app, leadFormCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    return sendParsed(reply, leadFormResponse, { status: true, data: await findForm(db, venue.id) });
  });

  serve(app, leadSubmitCall, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const venue = await requireVenue(db, request);
    const submission = parseInput(leadSubmission, request.body, 'body');
    const at = now();
    // Without a key, no transaction either: a refused captcha answer must stay used up.
    if (key === null) return reply.code(200).send(await accept(db, request, venue, submission, null, at));

    const scope = `leads:${venue.id}`;
    const digest = requestDigest({ body: JSON.stringify(request.body) }, venue.id);
    // One transaction, so that a refusal is kept together with the captcha answer it used up (no free retries).
    const answer = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEAD_KEY_LOCK}, hashtext(${`${scope}\n${key}`}))`);
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
        .limit(1);
      if (stored) {
        if (stored.requestHash !== digest) throw new HttpError(409, LEAD_MESSAGES.keyReused);
        return { statusCode: stored.statusCode, body: stored.response, replayed: true };
      }
      // Kept answers expire (IDEMPOTENCY_TTL_HOURS), leads do not: a device that comes back days later with a lead
      // that did arrive gets the same thanks, not a refusal of its long used captcha answer.
      const [arrived] = await tx
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.venueId, venue.id), eq(leads.idempotencyKey, key)))
        .limit(1);
      if (arrived) return { statusCode: 200, body: leadSubmitResponse.parse({ status: true, data: null, message: LEAD_MESSAGES.thanks }), replayed: true };
      let fresh: { statusCode: number; body: unknown };
      try {
        fresh = { statusCode: 200, body: await accept(tx, request, venue, submission, key, at) };
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        fresh = { statusCode: error.statusCode, body: refusalBody(error) };
      }
      await tx.insert(idempotencyKeys).values({ scope, key, requestHash: digest, statusCode: fresh.statusCode, response: fresh.body, createdAt: at });
      return { ...fresh, replayed: false };
    });
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(answer.statusCode).send(answer.body);
  });

  if (devTools) {
    serve(app, devLeadsCall, async (request, reply) => {
      const venue = await requireVenue(db, request);
      const rows = await db.select().from(leads).where(eq(leads.venueId, venue.id)).orderBy(desc(leads.createdAt), desc(leads.id));
      return sendParsed(reply, devLeadsResponse, {
        status: true,
        data: rows.map((row) => ({
          id: row.id,
          lead_action_list_id: row.leadActionListId,
          answers: row.answers,
          idempotency_key: row.idempotencyKey,
          terminal_id: row.terminalId,
          created_at: row.createdAt.toISOString(),
        })),
      });
    });
  }
};
