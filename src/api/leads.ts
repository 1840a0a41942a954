import { HEADERS } from '../domain/contract/headers';
import { leadFormCall, leadFormResponse, leadSubmitCall, leadSubmitResponse, type LeadSubmission } from '../domain/contract/leads';
import { formatTerminalCredential, type TerminalCredential } from '../domain/kiosk/deviceKey';
import { type ApiClient } from './client';

/** GET leads (S1-7.27): the venue's lead form, or null when it has none. Kept for the visit once read. */
export function getLeadForm(api: ApiClient) {
  return api.call(leadFormCall.path(), { method: leadFormCall.method, schema: leadFormResponse, cache: true });
}

/**
 * POST leads (S1-7.28) under an Idempotency-Key, so that a resend (the outbox, after an answer that never came)
 * stores the lead once and gets the same message back. The outbox of a provisioned terminal adds its credential,
 * which stands in for a captcha answer that may have expired while the lead waited.
 */
export function submitLead(api: ApiClient, body: LeadSubmission, key: string, terminal: TerminalCredential | null = null) {
  const headers = { [HEADERS.idempotencyKey]: key, ...(terminal ? { [HEADERS.terminalCredential]: formatTerminalCredential(terminal) } : {}) };
  return api.call(leadSubmitCall.path(), { method: leadSubmitCall.method, body, headers, schema: leadSubmitResponse });
}
