import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COUNTRY_CODE,
  DEFAULT_CURRENCY,
  DEFAULT_PAGE_SIZE,
  ID_NUMBER_MAX,
  ID_PROOF_TYPES,
  NOTIFICATION_CHANNELS,
  OTP_LENGTH,
  PASSWORD_MIN,
  PERIODIC_TASK_MS,
  REFUND_BUSINESS_DAYS,
  VAT_PERCENT,
} from './constants';

describe('business constants', () => {
  it.each<[string, unknown, unknown]>([
    ['[S0-9.2] default page size', DEFAULT_PAGE_SIZE, 16],
    ['[S0-9.8] default country code', DEFAULT_COUNTRY_CODE, '971'],
    ['[S0-9.7] default currency', DEFAULT_CURRENCY, 'AED'],
    ['[S0-9.28] notification channels', NOTIFICATION_CHANNELS, { ALL: 1, SMS: 2, EMAIL: 3, WHATSAPP: 4 }],
    ['[S0-9.21] periodic task', PERIODIC_TASK_MS, 30000],
    ['[S0-9.13] ID number maximum', ID_NUMBER_MAX, 15],
    ['[S0-9.12] code length', OTP_LENGTH, 6],
    ['[S0-9.11] password minimum', PASSWORD_MIN, 8],
    ['[S0-9.14] refund window', REFUND_BUSINESS_DAYS, 7],
    ['[S0-9.10] VAT', VAT_PERCENT, 5],
    ['ID proof types', ID_PROOF_TYPES, { EMIRATES_ID: 32, PASSPORT: 33 }],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
