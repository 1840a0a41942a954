import { HEADERS } from '../domain/contract/headers';
import { leadFormResponse, leadSubmitResponse, type LeadSubmission } from '../domain/contract/leads';
import { type ApiClient } from './client';

/** GET leads (S1-7.27): the venue's lead form, or null when it has none. Kept for the visit once read. */
export function getLeadForm(api: ApiClient) {
  return api.call('leads', { schema: leadFormResponse, cache: true });
}

/**
 * POST leads (S1-7.28) under an Idempotency-Key, so that a resend (the outbox, after an answer that never came)
 * stores the lead once and gets the same message back.
 */
export function submitLead(api: ApiClient, body: LeadSubmission, key: string) {
  return api.call('leads', { method: 'POST', body, headers: { [HEADERS.idempotencyKey]: key }, schema: leadSubmitResponse });
}
