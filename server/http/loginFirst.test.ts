import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesCall, placeOrderCall } from '../../src/domain/contract/orders';
import { profileCall } from '../../src/domain/contract/session';
import { additionalDataCall, familyMembersCall, fileSaveCall } from '../../src/domain/contract/visitors';
import { createTestApp, type TestApp } from '../testing/testApp';
const LOGIN_REQUIRED = 'Please Login!';

/** Every call that needs a login, with the worst request a caller could make of it. */
const calls = [
  { call: balancesCall, query: '?page=-1' },
  { call: profileCall, query: '?x=%00' },
  { call: familyMembersCall, query: '?page=abc' },
  { call: additionalDataCall, query: '?customerId=2147483648&product_type=%00' },
  { call: fileSaveCall, query: '' },
  { call: placeOrderCall, query: '' },
];

const garbage = [
  { name: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"product": [' },
  { name: 'an unknown content type', headers: { 'content-type': 'application/x-garbage' }, payload: '\u0000\u0001' },
  { name: 'multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' },
];

describe('calls that need a login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  for (const { call, query } of calls) {
    for (const body of garbage) {
      it(`${call.method} ${call.pattern} without a token answers 401 before anything else is checked (${body.name})`, async () => {
        const res = await t.app.inject({ method: call.method, url: `/api/v1/${call.pattern}${query}`, headers: body.headers, payload: call.method === 'GET' ? undefined : body.payload });
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json()).toMatchObject({ status: false, message: LOGIN_REQUIRED });
      });
    }
  }

  it('POST orders without a token, an Idempotency-Key or a guest claim answers 401, not 400', async () => {
    const boundary = 'loginFirst';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="product"\r\n\r\nnot json\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode, res.body).toBe(401);
  });
});
