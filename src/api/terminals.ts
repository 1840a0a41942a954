import type * as z from 'zod/mini';
import {
  provisionCall,
  provisionRequest,
  provisionResponse,
  endStaffSessionCall,
  endStaffSessionResponse,
  terminalCall,
  terminalResponse,
  verifyPinCall,
  verifyPinRequest,
  verifyPinResponse,
  type ProvisionRequest,
  type VerifyPinRequest,
} from '../domain/contract/terminals';
import { HEADERS } from '../domain/contract/headers';
import { type ApiClient, type ApiResult } from './client';

/**
 * The kiosk terminal calls. A body the contract refuses is answered here as the server would (400), unsent. The
 * POSTs never wait for the network: without one, the staff panel checks the PIN on the device instead, and
 * provisioning says that it needs the network.
 */

type Answer = Promise<ApiResult<z.output<typeof terminalResponse>>>;

function refusedLocally(issues: readonly z.core.$ZodIssue[]): ApiResult<never> {
  const message = issues[0]?.message ?? '';
  return { ok: false, status: 400, message, body: { status: false, message } };
}

/** POST terminals/provision: the terminal with this code and a new device key, for the right staff PIN. */
export function provisionTerminal(api: ApiClient, body: ProvisionRequest): Promise<ApiResult<z.output<typeof provisionResponse>>> {
  const parsed = provisionRequest.safeParse(body);
  if (!parsed.success) return Promise.resolve(refusedLocally(parsed.error.issues));
  return api.call(provisionCall.path(), { method: provisionCall.method, body: parsed.data, schema: provisionResponse, waitForNetwork: false });
}

/** POST terminals/{id}/verify-pin: the terminal's current settings and a staff session for the right staff PIN. */
export function verifyTerminalPin(api: ApiClient, terminalId: string, body: VerifyPinRequest): Promise<ApiResult<z.output<typeof verifyPinResponse>>> {
  const parsed = verifyPinRequest.safeParse(body);
  if (!parsed.success) return Promise.resolve(refusedLocally(parsed.error.issues));
  return api.call(verifyPinCall.path({ id: terminalId }), { method: verifyPinCall.method, body: parsed.data, schema: verifyPinResponse, waitForNetwork: false });
}

/** DELETE terminals/{id}/staff-session: ends the staff session of this token (the panel closed). */
export function endTerminalStaffSession(api: ApiClient, terminalId: string, staffToken: string): Promise<ApiResult<z.output<typeof endStaffSessionResponse>>> {
  return api.call(endStaffSessionCall.path({ id: terminalId }), {
    method: endStaffSessionCall.method,
    headers: { [HEADERS.staffToken]: staffToken },
    schema: endStaffSessionResponse,
    waitForNetwork: false,
  });
}

/** GET terminals/{id}: the terminal's current settings (name, default language, idle time). */
export function getTerminal(api: ApiClient, terminalId: string): Answer {
  return api.call(terminalCall.path({ id: terminalId }), { method: terminalCall.method, schema: terminalResponse });
}
