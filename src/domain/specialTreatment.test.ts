import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nextSpecialTreatment } from './specialTreatment';

const cfg = { host: 'brand.example', journey: 'SummerFun' };

describe('nextSpecialTreatment', () => {
  it.each<[string, boolean, string, string | null, typeof cfg | null, boolean]>([
    ['[S0-4.16] matching journey turns it on', false, 'brand.example', 'SummerFun', cfg, true],
    ['[S0-4.16] case-insensitive', false, 'brand.example', 'summerfun', cfg, true],
    ['[S0-4.16] case-insensitive upper', false, 'brand.example', 'SUMMERFUN', cfg, true],
    ['[S0-4.17] different journey turns it off', true, 'brand.example', 'winter', cfg, false],
    ['[S0-4.17] empty journey is present and different', true, 'brand.example', '', cfg, false],
    ['no journey keeps it on', true, 'brand.example', null, cfg, true],
    ['no journey keeps it off', false, 'brand.example', null, cfg, false],
    ['[S0-4.15] another host never has it', true, 'other.example', 'SummerFun', cfg, false],
    ['[S0-4.15] another host, no journey', true, 'other.example', null, cfg, false],
    ['[S0-4.15] host case and port ignored', false, 'BRAND.example:8080', 'summerfun', cfg, true],
    ['not configured', true, 'brand.example', 'SummerFun', null, false],
    ['blank configured host', true, '', 'SummerFun', { host: '', journey: 'SummerFun' }, false],
  ])('%s', (_title, current, host, journey, config, expected) => {
    expect(nextSpecialTreatment(current, host, journey, config)).toBe(expected);
  });

  it('[S0-4.15] is always off away from the brand host', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.domain(), fc.option(fc.string(), { nil: null }), (current, host, journey) => {
        fc.pre(host !== cfg.host);
        expect(nextSpecialTreatment(current, host, journey, cfg)).toBe(false);
      }),
    );
  });
});
