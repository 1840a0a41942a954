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

  it('[S0-3.25] GET events lists the demo events with dates relative to the seed day and their schedules, 16 a page', async () => {
    const res = await t.app.inject({ url: '/api/v1/events' });
    expect(res.statusCode).toBe(200);
    const { data } = eventListResponse.parse(res.json());
    expect(data).toMatchObject({ total: 23, total_pages: 2, current_page: 1, per_page: 16 });
    expect(data.data).toHaveLength(16);
    expect(data.data.slice(0, 3).map((e) => [e.name, e.start_date])).toEqual([
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
    expect(data).toMatchObject({ total: 21, total_pages: 11, current_page: 2, per_page: 2 });
    expect(data.data.map((academy) => academy.name)).toEqual(['Tennis Academy', 'Padel Academy']);
  });

  it('GET trainers lists the trainers by name', async () => {
    const { data } = trainerListResponse.parse((await t.app.inject({ url: '/api/v1/trainers' })).json());
    expect(data.data.slice(0, 3).map((trainer) => trainer.name)).toEqual(['Coach Omar Haddad', 'Coach Priya Nair', 'Coach Sara Al Mansoori']);
    expect(data.data.map((trainer) => trainer.name)).toEqual(data.data.map((trainer) => trainer.name).sort());
  });

  it('GET events/:id, trainers/:id and academies/:id answer one entry', async () => {
    const event = eventResponse.parse((await t.app.inject({ url: '/api/v1/events/1' })).json()).data;
    expect(event).toMatchObject({ id: 1, name: 'Football Cup Final', ar_name: 'نهائي كأس كرة القدم', location: 'Main Stadium' });
    const trainer = trainerResponse.parse((await t.app.inject({ url: '/api/v1/trainers/1' })).json()).data;
    expect(trainer).toMatchObject({ id: 1, name: 'Coach Sara Al Mansoori', specialty: 'Swimming', session_minutes: 60 });
    const academy = academyResponse.parse((await t.app.inject({ url: '/api/v1/academies/1' })).json()).data;
    expect(academy).toMatchObject({ id: 1, name: 'Junior Swimming Academy', min_age: 5, max_age: 12, schedules: [{ start_time: '16:00:00', end_time: '17:00:00' }] });
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

  it('answers 400 with the reason for a bad id', async () => {
    const res = await t.app.inject({ url: '/api/v1/events/abc' });
    expect(res.statusCode).toBe(400);
    expect(errorBody.parse(res.json()).message).toMatch(/^id: /);
  });

  it.each([
    ['/api/v1/events?page=0', 1, 16],
    ['/api/v1/trainers?per_page=500', 1, 16],
    ['/api/v1/academies?page=x&per_page=0', 1, 16],
    ['/api/v1/events?page=2&per_page=-3', 2, 16],
  ])('falls back to the default for a page or page size out of bounds: %s', async (url, page, perPage) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: { current_page: page, per_page: perPage } });
  });

  it('answers an empty page past the end of a list', async () => {
    const { data } = eventListResponse.parse((await t.app.inject({ url: '/api/v1/events?page=9' })).json());
    expect(data).toMatchObject({ data: [], total: 23, total_pages: 2, current_page: 9 });
  });
});
