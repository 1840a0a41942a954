import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../../src/domain/contract/envelope';
import { searchResponse } from '../../../src/domain/contract/search';
import { events } from '../../db/schema/catalogue';
import { createTestApp, type TestApp } from '../../testing/testApp';

describe('GET /api/v1/search/global', () => {
  let t: TestApp;
  const search = async (text: string) => {
    const res = await t.app.inject({ url: '/api/v1/search/global', query: { search: text } });
    expect(res.statusCode).toBe(200);
    return searchResponse.parse(res.json()).data.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('[S0-7.24] [S0-3.21] answers a data.data list of events, trainers and academies with their fields', async () => {
    const results = await search('swim');
    expect(results.map((r) => [r.type, r.name])).toEqual([
      ['trainer', 'Coach Sara Al Mansoori'],
      ['academy', 'Junior Swimming Academy'],
    ]);
    for (const result of results) {
      expect(result).toEqual(
        expect.objectContaining({ id: expect.any(Number), description: expect.any(String), image_path: expect.stringMatching(/\.svg$/) }),
      );
    }
  });

  it('[S0-7.24] finds each type, case-insensitively', async () => {
    expect((await search('FOOTBALL CUP')).map((r) => r.type)).toEqual(['event']);
    expect((await search('coach omar')).map((r) => r.type)).toEqual(['trainer']);
    expect((await search('junior swimming')).map((r) => r.type)).toEqual(['academy']);
  });

  it('[S0-7.24] matches Arabic names and descriptions', async () => {
    expect((await search('كرة القدم')).map((r) => r.name)).toEqual(['Football Cup Final', 'Youth Football Academy']);
  });

  it('answers an empty list for an empty or one-character search', async () => {
    expect(await search('')).toEqual([]);
    expect(await search(' a ')).toEqual([]);
  });

  it('treats % and _ as literal text, not wildcards', async () => {
    await t.db.insert(events).values({ venueId: 1, name: '100% Fun Day', startDate: '2030-01-01', endDate: '2030-01-01' });
    expect(await search('__')).toEqual([]);
    expect(await search('%%')).toEqual([]);
    expect((await search('0% f')).map((r) => r.name)).toEqual(['100% Fun Day']);
  });

  it('answers at most 10 results of each type', async () => {
    await t.db.insert(events).values(
      Array.from({ length: 12 }, (_, i) => ({ venueId: 1, name: `Marathon heat ${i + 1}`, startDate: '2030-01-01', endDate: '2030-01-01' })),
    );
    expect(await search('marathon heat')).toHaveLength(10);
  });

  it('rejects a missing or over-long search with 400', async () => {
    const missing = await t.app.inject({ url: '/api/v1/search/global' });
    expect(missing.statusCode).toBe(400);
    expect(errorBody.parse(missing.json()).message).toMatch(/^search: /);
    const long = await t.app.inject({ url: '/api/v1/search/global', query: { search: 'x'.repeat(101) } });
    expect(long.statusCode).toBe(400);
  });

  it('answers 404 for an unknown venue', async () => {
    const res = await t.app.inject({ url: '/api/v1/search/global?search=swim', headers: { 'X-Visitor-Token': 'elsewhere' } });
    expect(res.statusCode).toBe(404);
  });
});
