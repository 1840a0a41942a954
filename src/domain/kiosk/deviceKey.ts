/**
 * A provisioned terminal's device key (issue 6, offline leads). The server hands the key to the device once, at
 * provisioning, and keeps only its SHA-256. The device sends it with the leads it queued while offline, as
 * `X-Terminal-Credential: <terminal id>.<key>`: the key vouches for the terminal where a captcha answer, good for
 * a few minutes, could not.
 */

/** base64url of 32 random bytes. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A terminal's public id: a random UUID, so one terminal's id tells nothing about another's. */
const TERMINAL_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CREDENTIAL_PATTERN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export type TerminalCredential = { terminalId: string; key: string };

export function isTerminalId(value: unknown): value is string {
  return typeof value === 'string' && TERMINAL_ID_PATTERN.test(value);
}

export function isDeviceKey(value: unknown): value is string {
  return typeof value === 'string' && KEY_PATTERN.test(value);
}

export function formatTerminalCredential({ terminalId, key }: TerminalCredential): string {
  return `${terminalId}.${key}`;
}

/** The terminal and key of a header value, or null when it is not one. */
export function parseTerminalCredential(value: string | null | undefined): TerminalCredential | null {
  const match = CREDENTIAL_PATTERN.exec(value?.trim() ?? '');
  if (!match) return null;
  const [, terminalId, key] = match;
  return isTerminalId(terminalId) && key ? { terminalId, key } : null;
}
