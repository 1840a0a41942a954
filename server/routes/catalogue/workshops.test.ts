import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyListResponse } from '../../../src/domain/contract/catalogue';
import { errorBody } from '../../../src/domain/contract/envelope';
import { WORKSHOP_DAYS_REPEAT, workshopCheckResponse } from '../../../src/domain/contract/workshops';
import { WEEKDAY_FLAGS } from '../../../src/domain/weekdays';
import { createTestApp, type TestApp } from '../../testing/testApp';

describe('workshop calls', () => {
  let t: TestApp;
  let tennis: number;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2025-06-01T08:00:00Z') });
    const { data } = academyListResponse.parse((await t.app.inject({ url: '/api/v1/academies' })).json());
    tennis = data.data.find((academy) => academy.name === 'Tennis Academy')!.id;
  });
  afterAll(() => t.close());

  const check = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/workshops/check', headers, payload: { workshop_program_id: tennis, product_id: tennis, start_date: '2025-06-20', days: [WEEKDAY_FLAGS.monday, WEEKDAY_FLAGS.wednesday], ...body } });

  it('[S1-7.25] POST workshops/check answers the academy price before VAT and the 5% VAT the order charges', async () => {
    const res = await check({});
    expect(res.statusCode).toBe(200);
    expect(workshopCheckResponse.parse(res.json())).toEqual({ status: true, data: { price: 1500, tax: 75 } });
  });

  it('[S1-5.57] [S0-5.22] repeated days within the date range are refused', async () => {
    const res = await check({ days: [WEEKDAY_FLAGS.monday, WEEKDAY_FLAGS.monday] });
    expect(res.statusCode).toBe(400);
    expect(errorBody.parse(res.json()).message).toContain(WORKSHOP_DAYS_REPEAT);
  });

  it('refuses no days, a flag that is not one weekday, a start outside the academy dates, an unknown programme and venue', async () => {
    expect((await check({ days: [] })).statusCode).toBe(400);
    expect((await check({ days: [3] })).statusCode).toBe(400);
    expect((await check({ start_date: 'soon' })).statusCode).toBe(400);
    const early = await check({ start_date: '2025-06-01' });
    expect(early.statusCode).toBe(409);
    expect(errorBody.parse(early.json()).message).toBe('Choose a start date within the workshop dates');
    expect((await check({ workshop_program_id: 999 })).statusCode).toBe(404);
    expect((await check({ product_id: 999, workshop_program_id: 999 })).statusCode).toBe(404);
    expect((await check({}, { 'x-visitor-token': 'nope' })).statusCode).toBe(404);
  });
});
