import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hostName, sameHost } from './host';

describe('hostName', () => {
  it.each([
    ['venue.example', 'venue.example'],
    ['Venue.Example:8080', 'venue.example'],
    ['https://venue.example/path?x=1', 'venue.example'],
    ['//venue.example/a', 'venue.example'],
    ['  venue.example.  ', 'venue.example'],
    ['user@venue.example:443', 'venue.example'],
    ['localhost:5173', 'localhost'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(hostName(input)).toBe(expected);
  });
});

describe('sameHost', () => {
  it.each([
    ['venue.example', 'VENUE.example:3000', {}, true],
    ['www.venue.example', 'venue.example', {}, false],
    ['www.venue.example', 'venue.example', { ignoreWww: true }, true],
    ['venue.example', 'other.example', { ignoreWww: true }, false],
    ['', '', {}, false],
  ])('%j vs %j %j → %s', (a, b, options, expected) => {
    expect(sameHost(a, b, options)).toBe(expected);
  });

  it('is symmetric', () => {
    fc.assert(
      fc.property(fc.domain(), fc.domain(), fc.boolean(), (a, b, ignoreWww) => {
        expect(sameHost(a, b, { ignoreWww })).toBe(sameHost(b, a, { ignoreWww }));
        expect(sameHost(a, a.toUpperCase(), { ignoreWww })).toBe(true);
      }),
    );
  });
});
