import * as z from 'zod/mini';
import { isDeviceKey, isTerminalId } from '../kiosk/deviceKey';
import { isPinWellFormed, normalisePin } from '../kiosk/pinLock';
import { envelope, errorBody } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

/**
 * Kiosk terminals. Staff provision a terminal once with its code and the staff PIN; later the staff panel checks
 * the PIN with the server (or offline on the terminal). Wrong PINs count per terminal on the server: after
 * MAX_PIN_ATTEMPTS the terminal is locked for STAFF_LOCK_MINUTES and answers 423, even for the right PIN.
 */

export const PIN_MALFORMED = 'The PIN is 4 to 8 digits';

/** The staff PIN in ASCII digits. */
const pinField = onFirstUse(() => z.pipe(
  z.pipe(z.string().check(z.maxLength(32, PIN_MALFORMED)), z.transform(normalisePin)),
  z.string().check(z.refine(isPinWellFormed, PIN_MALFORMED)),
));

/** Terminal codes are compared without case and surrounding spaces ('lobby-1' finds LOBBY-1). */
const codeField = onFirstUse(() => z.pipe(
  z.pipe(z.string().check(z.maxLength(64, 'The terminal code is too long')), z.transform((value: string) => value.trim().toUpperCase())),
  z.string().check(z.minLength(1, 'Enter the terminal code')),
));

export const terminalLanguage = onFirstUse(() => z.enum(['en', 'ar']));

/**
 * What a terminal needs to know about itself. Its id is a random UUID; neither its PIN nor its provisioning code
 * ever leaves the server.
 */
export const terminal = onFirstUse(() => z.object({
  id: z.string().check(z.refine(isTerminalId, 'A terminal id is a UUID')),
  name: z.string(),
  ar_name: z.nullable(z.string()),
  default_language: terminalLanguage,
  /** Seconds without a touch before the terminal asks whether the visitor is still there. */
  idle_seconds: z.int(),
}));
export type Terminal = z.infer<typeof terminal>;
export const terminalCall = endpoint('GET', 'terminals/:id');
export const terminalResponse = onFirstUse(() => envelope(terminal));

export const provisionCall = endpoint('POST', 'terminals/provision');
/** POST terminals/provision: the terminal with this code, marked provisioned; answers provisionResponse. */
export const provisionRequest = onFirstUse(() => z.object({ code: codeField, pin: pinField }));
export type ProvisionRequest = z.input<typeof provisionRequest>;

/**
 * The provisioned terminal with its new device key (domain/kiosk/deviceKey), which is shown this once: the server
 * keeps only a digest, and the next provisioning of the terminal replaces it.
 */
export const provisionedTerminal = onFirstUse(() => z.extend(terminal, { device_key: z.string().check(z.refine(isDeviceKey, 'A device key is 43 base64url characters')) }));
export type ProvisionedTerminal = z.infer<typeof provisionedTerminal>;
export const provisionResponse = onFirstUse(() => envelope(provisionedTerminal));

export const verifyPinCall = endpoint('POST', 'terminals/:id/verify-pin');
/** POST terminals/{id}/verify-pin: answers verifyPinResponse for the right PIN. */
export const verifyPinRequest = onFirstUse(() => z.object({ pin: pinField }));
export type VerifyPinRequest = z.input<typeof verifyPinRequest>;

/**
 * The terminal's current settings and a staff session: `staff_token`, sent as the X-Staff-Token header, lets the
 * staff panel read the venue's visitor uploads until `staff_token_expires_at` (ISO time) or until the panel ends it.
 * The device keeps it in memory only.
 */
export const verifyPinResponse = onFirstUse(() => envelope(z.extend(terminal, { staff_token: z.string(), staff_token_expires_at: z.string() })));

/** DELETE terminals/{id}/staff-session with the X-Staff-Token header: ends that staff session (the panel closed). */
export const endStaffSessionCall = endpoint('DELETE', 'terminals/:id/staff-session');
export const endStaffSessionResponse = onFirstUse(() => envelope(z.object({ ended: z.boolean() })));

/** GET terminals/{id}: answers terminalResponse. */
export const terminalIdParams = onFirstUse(() => z.object({ id: z.string().check(z.refine(isTerminalId, 'This is not a terminal id: check the address')) }));

/**
 * Why a terminal call was refused. The message stays the server's English (kiosk:serverErrors.<code>); a screen
 * shows the same in the visitor's language from the code and its params.
 */
export const TERMINAL_ERROR_CODES = ['pin_wrong', 'terminal_locked', 'code_unknown', 'terminal_unknown'] as const;
export type TerminalErrorCode = (typeof TERMINAL_ERROR_CODES)[number];
export type TerminalErrorParams = Record<string, string | number>;

/** 422 pin_wrong: how many more wrong PINs before the lock. */
export const pinWrongData = onFirstUse(() => z.object({ attempts_left: z.int() }));
/** 423 terminal_locked: when the lock ends (ISO time) and how many seconds that is from now. */
export const terminalLockedData = onFirstUse(() => z.object({ locked_until: z.string(), retry_after_seconds: z.int() }));

export const terminalErrorBody = onFirstUse(() => z.extend(errorBody, {
  code: z.optional(z.string()),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
}));

// ---------------------------------------------------------------------------------------------------------------
// Development only (dev tools): reshape a terminal for tests.

export const devTerminalCall = endpoint('POST', 'dev/terminals/:id');
/** POST dev/terminals/{id}: sets the idle time or the default language, and `unlock` clears wrong PINs and the lock. */
export const devTerminalPatch = onFirstUse(() => z.object({
  idle_seconds: z.optional(z.int().check(z.minimum(5), z.maximum(24 * 3600))),
  default_language: z.optional(terminalLanguage),
  unlock: z.optional(z.boolean()),
}));
export type DevTerminalPatch = z.input<typeof devTerminalPatch>;
