import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  academyListResponse,
  academyResponse,
  eventListResponse,
  eventResponse,
  trainerListResponse,
  trainerResponse,
} from '../../../src/domain/contract/catalogue';
import { errorBody } from '../../../src/domain/contract/envelope';
import { createTestApp, type TestApp } from '../../testing/testApp';

const FIXED_NOW = new Date('2025-06-01T08:00:00Z');

describe('catalogue calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => FIXED_NOW });
  });
  afterAll(() => t.close());

  it('[S0-3.25] GET events lists the demo events with dates relative to the seed day and their schedules', async () => {
    const res = await t.app.inject({ url: '/api/v1/events' });
    expect(res.statusCode).toBe(200);
    const { data } = eventListResponse.parse(res.json());
    expect(data).toMatchObject({ total: 3, total_pages: 1, current_page: 1, per_page: 16 });
    expect(data.data.map((e) => [e.name, e.start_date])).toEqual([
      ['Football Cup Final', '2025-06-11'],
      ['Summer Music Night', '2025-06-25'],
      ['Family Fun Run', '2025-07-09'],
    ]);
    expect(data.data[0]?.event_schedules).toEqual([{ start_time: '19:00:00', end_time: '21:30:00' }]);
    expect(data.data[0]?.price).toBe(75);
  });

  it('paginates with page and per_page', async () => {
    const res = await t.app.inject({ url: '/api/v1/academies?page=2&per_page=2' });
    const { data } = academyListResponse.parse(res.json());
    expect(data).toMatchObject({ total: 3, total_pages: 2, current_page: 2, per_page: 2 });
    expect(data.data).toHaveLength(1);
  });

  it('GET trainers lists the trainers by name', async () => {
    const { data } = trainerListResponse.parse((await t.app.inject({ url: '/api/v1/trainers' })).json());
    expect(data.data.map((trainer) => trainer.name)).toEqual(['Coach Omar Haddad', 'Coach Priya Nair', 'Coach Sara Al Mansoori']);
  });

  it('GET events/:id, trainers/:id and academies/:id answer one entry', async () => {
    const event = eventResponse.parse((await t.app.inject({ url: '/api/v1/events/1' })).json()).data;
    expect(event).toMatchObject({ id: 1, name: 'Football Cup Final', ar_name: 'نهائي كأس كرة القدم', location: 'Main Stadium' });
    const trainer = trainerResponse.parse((await t.app.inject({ url: '/api/v1/trainers/1' })).json()).data;
    expect(trainer).toMatchObject({ id: 1, name: 'Coach Sara Al Mansoori', specialty: 'Swimming', session_minutes: 60 });
    const academy = academyResponse.parse((await t.app.inject({ url: '/api/v1/academies/1' })).json()).data;
    expect(academy).toMatchObject({ id: 1, name: 'Junior Swimming Academy', min_age: 5, max_age: 12 });
  });

  it.each([
    ['events', 'Event not found'],
    ['trainers', 'Trainer not found'],
    ['academies', 'Academy not found'],
  ])('GET %s/:id answers 404 for an unknown id', async (area, message) => {
    const res = await t.app.inject({ url: `/api/v1/${area}/999` });
    expect(res.statusCode).toBe(404);
    expect(errorBody.parse(res.json())).toEqual({ status: false, message });
  });

  it.each(['/api/v1/events/abc', '/api/v1/events?page=0', '/api/v1/trainers?per_page=500', '/api/v1/academies?page=x'])(
    'answers 400 with the reason for the bad input %s',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(errorBody.parse(res.json()).message).toMatch(/^(id|page|per_page): /);
    },
  );
});
