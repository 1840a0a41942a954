/**
 * An offline verifier of the staff PIN: PBKDF2-SHA256 over the PIN with a random salt (WebCrypto), kept on the
 * terminal at provisioning so the staff panel opens without the network. The PIN itself is never stored.
 * A 4 to 8 digit PIN cannot resist an attacker who copies the device storage for long; the iteration count
 * makes every guess slow, and the attempt lock bounds guessing through the panel itself.
 */

/** OWASP's figure for PBKDF2-HMAC-SHA256 (2023). */
export const PIN_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

export type PinVerifier = { algorithm: 'PBKDF2-SHA256'; iterations: number; salt: string; hash: string };

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function derive(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS));
}

export async function createPinVerifier(pin: string, iterations = PIN_ITERATIONS): Promise<PinVerifier> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return { algorithm: 'PBKDF2-SHA256', iterations, salt: toBase64(salt), hash: toBase64(await derive(pin, salt, iterations)) };
}

/** Compares every byte whatever the first difference, so the time taken tells nothing. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}

export async function pinMatches(pin: string, verifier: PinVerifier): Promise<boolean> {
  const expected = fromBase64(verifier.hash);
  return sameBytes(await derive(pin, fromBase64(verifier.salt), verifier.iterations), expected);
}

export function isPinVerifier(value: unknown): value is PinVerifier {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    candidate.algorithm === 'PBKDF2-SHA256' &&
    typeof candidate.iterations === 'number' &&
    candidate.iterations >= 1 &&
    typeof candidate.salt === 'string' &&
    typeof candidate.hash === 'string'
  );
}
