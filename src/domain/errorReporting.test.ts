import { describe, expect, it } from 'vitest';
import { describeThrown, isLocalHost } from './errorReporting';

describe('error reporting rules', () => {
  it.each([
    ['localhost', true],
    ['localhost:8080', true],
    ['brand.localhost', true],
    ['127.0.0.1', true],
    ['http://127.0.0.1:8181/events', true],
    ['::1', true],
    ['[::1]:8080', true],
    ['0.0.0.0', true],
    ['portal.marinapark.ae', false],
    ['https://portal.marinapark.ae/events', false],
    ['localhost.example.com', false],
    ['10.0.0.5', false],
  ])('[S0-9.33] %s is a local host: %s', (host, local) => {
    expect(isLocalHost(host)).toBe(local);
  });

  it('[S0-9.32] describes errors, strings and odd values without throwing', () => {
    expect(describeThrown(new TypeError('boom')).message).toBe('boom');
    expect(describeThrown('plain')).toEqual({ message: 'plain' });
    expect(describeThrown({ code: 7 })).toEqual({ message: '{"code":7}' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeThrown(circular)).toEqual({ message: 'Unserialisable error' });
    expect(describeThrown(new Error('x'.repeat(900))).message).toHaveLength(500);
  });
});
