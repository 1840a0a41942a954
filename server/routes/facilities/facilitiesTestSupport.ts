import { type LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { devTokenResponse, type DemoAccount } from '../../../src/domain/contract/devTools';
import { errorBody } from '../../../src/domain/contract/envelope';
import { cartSessionResponse, scheduleResponse, venueServicesResponse, type Schedule } from '../../../src/domain/contract/facilities';
import { HEADERS } from '../../../src/domain/contract/headers';
import { type TestApp } from '../../testing/testApp';

/** The demo clock of the facility tests: Sunday 2025-06-01, 08:00 in Dubai. */
export const DEMO_NOW = '2025-06-01T04:00:00Z';
/** day(n) of the demo seed under DEMO_NOW: day(1) is a Monday (the cage's workshop), day(2) the Aqua Park event. */
export const day = (offset: number) => {
  const date = new Date(Date.UTC(2025, 5, 1 + offset));
  return date.toISOString().slice(0, 10);
};

export type Headers = Record<string, string>;

export const sessionHeader = (sessionId: string): Headers => ({ [HEADERS.session]: sessionId });

/** A cart session the venue issues (POST cart/session), as a browser gets one before its first hold. */
export async function issueCartSession(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/cart/session' });
  expect(res.statusCode, res.body).toBe(200);
  return cartSessionResponse.parse(res.json()).data.session_id;
}

/** Issued cart sessions by a name a test reads better: the first use of a name issues its session. */
export function namedCartSessions(t: TestApp): (name: string) => Promise<string> {
  const issued = new Map<string, Promise<string>>();
  return (name) => {
    const known = issued.get(name);
    if (known) return known;
    const made = issueCartSession(t);
    issued.set(name, made);
    return made;
  };
}

export function facilityApi(t: TestApp) {
  const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });
  const send = (method: 'POST' | 'DELETE', url: string, payload: object, headers: Headers = {}) =>
    t.app.inject({ method, url: `/api/v1/${url}`, payload, headers });

  /** Ids of the demo services and facilities, by name. */
  const ids = async () => {
    const services = venueServicesResponse.parse((await get('venue/services')).json()).data;
    const service = (name: string) => {
      const found = services.find((each) => each.name === name);
      if (!found) throw new Error(`no service ${name}`);
      return found;
    };
    const facility = (serviceName: string, name: string) => {
      const found = service(serviceName).facilities.find((each) => each.name === name);
      if (!found) throw new Error(`no facility ${name}`);
      return found.id;
    };
    const football = service('Football Pitches').id;
    const aqua = service('Aqua Park').id;
    const bowling = service('Bowling').id;
    return {
      football,
      aqua,
      bowling,
      mainPitch: facility('Football Pitches', 'Main Stadium Pitch'),
      halfA: facility('Football Pitches', 'Main Pitch Half A'),
      halfB: facility('Football Pitches', 'Main Pitch Half B'),
      arena: facility('Football Pitches', 'Indoor Arena'),
      cage: facility('Football Pitches', 'Five-a-side Cage'),
      aquaPark: facility('Aqua Park', 'Aqua Park'),
      wavePool: facility('Aqua Park', 'Wave Pool'),
      lanes: facility('Bowling', 'Bowling Lanes'),
      vipLanes: facility('Bowling', 'VIP Lanes'),
    };
  };

  const schedule = async (query: string, headers: Headers = {}): Promise<Schedule> => {
    const res = await get(`facilities/schedule?${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return scheduleResponse.parse(res.json()).data;
  };

  const bearer = async (account: DemoAccount): Promise<Headers> => {
    const res = await send('POST', 'dev/token', { customer: account });
    return { authorization: `Bearer ${devTokenResponse.parse(res.json()).data.token}` };
  };

  return { get, send, ids, schedule, bearer };
}

/** Asserts a refusal and its message. */
export function refusedWith(res: LightMyRequestResponse, statusCode: number, message: string | RegExp) {
  expect(res.statusCode, res.body).toBe(statusCode);
  const body = errorBody.parse(res.json());
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}
