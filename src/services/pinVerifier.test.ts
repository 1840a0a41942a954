import { describe, expect, it } from 'vitest';
import { createPinVerifier, isPinVerifier, PIN_ITERATIONS, pinMatches } from './pinVerifier';

describe('[S0-1.25] offline staff PIN verifier', () => {
  it('is PBKDF2-SHA256 with a high iteration count, a random salt, and never the PIN', async () => {
    expect(PIN_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    const first = await createPinVerifier('2468', 1000);
    const second = await createPinVerifier('2468', 1000);
    expect(first).toMatchObject({ algorithm: 'PBKDF2-SHA256', iterations: 1000 });
    expect(first.salt).not.toBe(second.salt);
    expect(first.hash).not.toBe(second.hash);
    expect(atob(first.salt)).toHaveLength(16);
    expect(atob(first.hash)).toHaveLength(32);
    expect(JSON.stringify(first)).not.toContain('2468');
    expect(isPinVerifier(first)).toBe(true);
  });

  it('matches the right PIN only', async () => {
    const verifier = await createPinVerifier('2468', 1000);
    expect(await pinMatches('2468', verifier)).toBe(true);
    expect(await pinMatches('2469', verifier)).toBe(false);
    expect(await pinMatches('24680', verifier)).toBe(false);
    expect(await pinMatches('', verifier)).toBe(false);
  });

  it('uses the iteration count it was made with', async () => {
    const verifier = await createPinVerifier('2468', 1000);
    expect(await pinMatches('2468', { ...verifier, iterations: 1001 })).toBe(false);
  });

  it.each([null, 'x', { algorithm: 'PBKDF2-SHA256' }, { algorithm: 'SHA1', iterations: 1, salt: 'a', hash: 'b' }, { algorithm: 'PBKDF2-SHA256', iterations: 0, salt: 'a', hash: 'b' }])(
    'is not a verifier: %j',
    (value) => {
      expect(isPinVerifier(value)).toBe(false);
    },
  );
});
