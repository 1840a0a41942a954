import { describe, expect, it } from 'vitest';
import { formatTerminalCredential, isDeviceKey, isTerminalId, parseTerminalCredential } from './deviceKey';

const KEY = 'A'.repeat(20) + '-_' + 'z9'.repeat(10) + 'q';
const TERMINAL = '3f2b8c1e-9a47-4d2e-8b1f-6c0d5e7a9b24';

describe('terminal device key', () => {
  it('accepts exactly the base64url of 32 bytes', () => {
    expect(KEY).toHaveLength(43);
    expect(isDeviceKey(KEY)).toBe(true);
    expect(isDeviceKey(KEY.slice(1))).toBe(false);
    expect(isDeviceKey(`${KEY}=`)).toBe(false);
    expect(isDeviceKey(KEY.replace('A', '+'))).toBe(false);
    expect(isDeviceKey(42)).toBe(false);
  });

  it('a terminal id is a lower-case UUID, never a serial number', () => {
    expect(isTerminalId(TERMINAL)).toBe(true);
    for (const value of ['7', TERMINAL.toUpperCase(), TERMINAL.replaceAll('-', ''), `${TERMINAL}0`, 7]) expect(isTerminalId(value), String(value)).toBe(false);
  });

  it('writes and reads the credential header: terminal id, a dot, the key', () => {
    const header = formatTerminalCredential({ terminalId: TERMINAL, key: KEY });
    expect(header).toBe(`${TERMINAL}.${KEY}`);
    expect(parseTerminalCredential(header)).toEqual({ terminalId: TERMINAL, key: KEY });
    expect(parseTerminalCredential(` ${header} `)).toEqual({ terminalId: TERMINAL, key: KEY });
  });

  it('reads nothing from a malformed header', () => {
    for (const value of [undefined, null, '', KEY, `7.${KEY}`, `${'-'.repeat(36)}.${KEY}`, `${TERMINAL}.${KEY}x`, `${TERMINAL}:${KEY}`, `${TERMINAL}.5.${KEY}`]) {
      expect(parseTerminalCredential(value), String(value)).toBeNull();
    }
  });
});
