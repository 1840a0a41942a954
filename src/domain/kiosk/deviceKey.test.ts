import { describe, expect, it } from 'vitest';
import { formatTerminalCredential, isDeviceKey, parseTerminalCredential } from './deviceKey';

const KEY = 'A'.repeat(20) + '-_' + 'z9'.repeat(10) + 'q';

describe('terminal device key', () => {
  it('accepts exactly the base64url of 32 bytes', () => {
    expect(KEY).toHaveLength(43);
    expect(isDeviceKey(KEY)).toBe(true);
    expect(isDeviceKey(KEY.slice(1))).toBe(false);
    expect(isDeviceKey(`${KEY}=`)).toBe(false);
    expect(isDeviceKey(KEY.replace('A', '+'))).toBe(false);
    expect(isDeviceKey(42)).toBe(false);
  });

  it('writes and reads the credential header: terminal id, a dot, the key', () => {
    const header = formatTerminalCredential({ terminalId: 7, key: KEY });
    expect(header).toBe(`7.${KEY}`);
    expect(parseTerminalCredential(header)).toEqual({ terminalId: 7, key: KEY });
    expect(parseTerminalCredential(` ${header} `)).toEqual({ terminalId: 7, key: KEY });
  });

  it('reads nothing from a malformed header', () => {
    for (const value of [undefined, null, '', KEY, `0.${KEY}`, `-1.${KEY}`, `07.${KEY}`, `7.${KEY}x`, `7:${KEY}`, `1.5.${KEY}`, `12345678901.${KEY}`]) {
      expect(parseTerminalCredential(value), String(value)).toBeNull();
    }
  });
});
