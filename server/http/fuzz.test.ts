import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint } from '../../src/domain/contract/endpoint';
import { createTestApp, type TestApp } from '../testing/testApp';

/**
 * Every route the server registers, walked with what careless clients and attackers send: wrong types, huge and
 * NUL-laden text, ids past PostgreSQL's integer, days not on the calendar, deep JSON and broken multipart, as an
 * anonymous and as a signed-in caller. Nothing may answer 5xx. FUZZ_SEED replays a run; FUZZ_RUNS widens it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);

/** Takes no input and drops the whole database (seconds of work); walking it would only slow the suite. */
const NOT_WALKED = new Set(['POST /api/v1/dev/reset']);

type Route = { method: string; url: string };

/** The routes as Fastify's own tree prints them: each line a segment under the line it is indented under. */
function registeredRoutes(app: FastifyInstance): Route[] {
  const paths: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    // A segment whose parameter several routes name differently prints as ':id|:kind': one parameter.
    const url = (paths[depth - 1] ?? '') + segment.replace(/(:\w+)(\|:\w+)+/g, '$1');
    paths[depth] = url;
    for (const method of methods.split(', ')) if (method !== '' && method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

const contractModules = import.meta.glob<Record<string, unknown>>(['../../src/domain/contract/*.ts', '!../../src/domain/contract/*.test.ts'], { eager: true });
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'pattern' in value && 'method' in value && typeof (value as Endpoint).path === 'function';
const contractCalls = Object.values(contractModules).flatMap((module) => Object.values(module).filter(isEndpoint));

// ---------------------------------------------------------------------------------------------------------------
// What gets sent

const INT_EDGES = [0, -1, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 31) - 1, 400_000, 1.5, Number.MAX_SAFE_INTEGER];
const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '24:61:00',
  '2147483648',
  '-1',
  'NaN',
  '1e309',
  '<img src=x onerror=alert(1)>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '\ud800',
  'x'.repeat(70_000),
];

const nastyText = fc.oneof(fc.constantFrom(...NASTY_TEXT), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const nastyNumber = fc.oneof(fc.constantFrom(...INT_EDGES), fc.integer(), fc.double({ noNaN: false }));
const scalar = fc.oneof(nastyText, nastyNumber, fc.boolean(), fc.constant(null));

/** Field names the contract uses, so generated bodies get past "unknown shape" into the rules behind it. */
const FIELD_NAMES = [
  'id',
  'product_id',
  'facility_id',
  'venue_id',
  'venue_service_id',
  'event_id',
  'trainer_id',
  'membership_id',
  'workshop_id',
  'workshop_program_id',
  'offer_id',
  'outlet_id',
  'product_type_id',
  'customer_id',
  'customerId',
  'cardId',
  'quantity',
  'participant_count',
  'date',
  'start_date',
  'start_time',
  'end_time',
  'days',
  'products',
  'promotion_code',
  'card_number',
  'code',
  'pin',
  'mobile',
  'mobile_number',
  'country_code',
  'email',
  'password',
  'confirm_password',
  'otp',
  'first_name',
  'last_name',
  'name',
  'order_notes',
  'token',
  'c_token',
  'recaptcha_response',
  'answers',
  'form_fields',
  'customers',
  'documents',
  'minutes',
  'customer',
  'slug',
  'title',
  'content',
];

const { json } = fc.letrec<{ json: unknown; value: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('value'), { maxKeys: 6 }),
  ),
  value: tie('json'),
}));

/** JSON nested deeper than any request needs (a parser that recursed would run out of stack). */
const deepJson = fc.integer({ min: 1_000, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));

const queryString = fc
  .dictionary(fc.constantFrom(...FIELD_NAMES, 'page', 'per_page', 'search', 'is_outdoor', 'game_formations[]'), nastyText, { maxKeys: 5 })
  .map((query) => new URLSearchParams(query).toString());

const BOUNDARY = '----fuzz-boundary';
const multipartBody = fc.record({
  contentType: fc.constantFrom(
    'multipart/form-data',
    'multipart/form-data; boundary=',
    `multipart/form-data; boundary=${'b'.repeat(300)}`,
    `multipart/form-data; boundary=${BOUNDARY}`,
    `multipart/form-data; boundary=${BOUNDARY}`,
  ),
  parts: fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES, 'product', 'preUpload[0]', 'types[]'), nastyText, fc.boolean()), { maxLength: 4 }),
  cut: fc.boolean(),
});

type Payload = { contentType?: string; body?: string | Buffer };

const payload: fc.Arbitrary<Payload> = fc.oneof(
  fc.constant({}),
  json.map((value) => ({ contentType: 'application/json', body: JSON.stringify(value) ?? 'null' })),
  deepJson.map((body) => ({ contentType: 'application/json', body })),
  fc.constantFrom('{"products":', 'not json', '\u0000', '{"__proto__":{"x":1}}').map((body) => ({ contentType: 'application/json', body })),
  nastyText.map((body) => ({ contentType: 'application/x-www-form-urlencoded', body: `code=${encodeURIComponent(body)}` })),
  nastyText.map((body) => ({ contentType: 'text/plain', body })),
  multipartBody.map(({ contentType, parts, cut }) => {
    const text = parts
      .map(([name, value, asFile]) =>
        asFile
          ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n${value}\r\n`
          : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('');
    return { contentType, body: cut ? text.slice(0, Math.floor(text.length / 2)) : `${text}--${BOUNDARY}--\r\n` };
  }),
);

const pathParam = fc.oneof(fc.constantFrom('1', '0', '-1', '2147483648', '9007199254740993', '1.5', '%00', 'a%00b', '%E0%A4%A', '..%2F..%2Fpackage.json', 'x'.repeat(5_000)), fc.string({ maxLength: 20 }).map(encodeURIComponent));

type Sent = { signedIn: boolean; params: string[]; query: string | undefined; payload: Payload; idempotencyKey: string | undefined };

/** Every field name set to one value, in an object and in a one-item products list, as a JSON body. */
const everyField = (value: unknown): Payload => {
  const fields = Object.fromEntries(FIELD_NAMES.map((name) => [name, value]));
  return { contentType: 'application/json', body: JSON.stringify({ ...fields, products: [fields], answers: { ...fields, form_fields: [fields] } }) };
};

/** One order form per line kind, each with one line of `quantity` places on ids the demo venue has. */
function orderForms(quantity: number): Payload[] {
  const line = { venue_id: 1, product_id: 1, product_type_id: 1, quantity, price: 1, tax_amount: 0, total_price: 1, customers: [], addons: [], discount: null };
  const dated = { ...line, date: '2026-12-01', start_time: '10:00:00', end_time: '11:00:00' };
  const kinds = {
    training: { ...dated, trainer_id: 1 },
    event: { ...dated, event_id: 1 },
    membership: { ...line, membership_id: 1, start_date: '2026-12-01', is_renewal: 0 },
    workshop: { ...line, workshop_id: 1, workshop_program_id: 1, start_date: '2026-12-01', days: [1] },
    offers: { ...line, offer_id: 1 },
    pos: { ...line, outlet_id: 1 },
  };
  return Object.entries(kinds).map(([kind, order]) => ({
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="product"\r\n\r\n${JSON.stringify({ [kind]: [order] })}\r\n--${BOUNDARY}--\r\n`,
  }));
}

/** The findings of issue 13, sent to every route as they were reported, before anything random. */
const reported = (signedIn: boolean): Sent[] => [
  { signedIn, params: Array(4).fill('2147483648'), query: new URLSearchParams(Object.fromEntries(FIELD_NAMES.map((name) => [name, '2147483648']))).toString(), payload: everyField(2 ** 31), idempotencyKey: 'ids' },
  { signedIn, params: Array(4).fill('a%00b'), query: 'search=%00&date=%00&code=%00', payload: everyField('a\u0000b'), idempotencyKey: 'nul' },
  { signedIn, params: Array(4).fill('1'), query: 'venue_service_id=1&date=2026-02-30&start_time=10:00:00&end_time=11:00:00', payload: everyField('2026-02-30'), idempotencyKey: 'day' },
  { signedIn, params: Array(4).fill('1'), query: undefined, payload: { contentType: 'multipart/form-data', body: `--${BOUNDARY}\r\n` }, idempotencyKey: 'no-boundary' },
  { signedIn, params: Array(4).fill('1'), query: undefined, payload: { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, body: `--${BOUNDARY}\r\n` }, idempotencyKey: 'huge-boundary' },
  { signedIn, params: Array(4).fill('1'), query: undefined, payload: { contentType: 'application/json', body: '['.repeat(50_000) + ']'.repeat(50_000) }, idempotencyKey: 'deep' },
  ...orderForms(400_000).map((payload, index) => ({ signedIn, params: Array(4).fill('1'), query: undefined, payload, idempotencyKey: `overflow-${index}-${signedIn}` })),
];

const request = (route: Route): fc.Arbitrary<Sent> =>
  fc.record({
    signedIn: fc.boolean(),
    params: fc.array(pathParam, { minLength: 4, maxLength: 4 }),
    query: fc.option(queryString, { nil: undefined }),
    payload: route.method === 'GET' ? fc.constant<Payload>({}) : payload,
    // Headers carry visible ASCII only: Node refuses to send anything else, so no server ever receives it.
    idempotencyKey: fc.option(nastyText.filter((key) => /^[\x20-\x7e]*$/.test(key)), { nil: undefined }),
  });

// ---------------------------------------------------------------------------------------------------------------

describe('fuzzing every route', () => {
  let t: TestApp;
  let routes: Route[];

  beforeAll(async () => {
    t = await createTestApp({ uploadsDir: await mkdtemp(join(tmpdir(), 'fuzz-uploads-')) });
    // Development routes last: they reshape the venue the others are walked against.
    routes = registeredRoutes(t.app)
      .filter((route) => !NOT_WALKED.has(`${route.method} ${route.url}`))
      .sort((a, b) => Number(a.url.includes('/dev/')) - Number(b.url.includes('/dev/')));
  });
  afterAll(() => t.close());

  it('knows every call of the contract among the routes it walks', () => {
    // Routes through one parameter segment share its first name ('customers/bookings/:kind' and
    // 'customers/bookings/:id/cancel'), so routes are compared with their parameters unnamed.
    const unnamed = (call: string) => call.replace(/:\w+/g, ':');
    const walked = new Set(registeredRoutes(t.app).map((route) => unnamed(`${route.method} ${route.url}`)));
    const missing = contractCalls.map((call) => `${call.method} /api/v1/${call.pattern}`).filter((call) => !walked.has(unnamed(call)));
    expect(contractCalls.length).toBeGreaterThan(60);
    expect(missing).toEqual([]);
  });

  it('answers no request with a 5xx, signed in or not', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const minted = await t.app.inject({ method: 'POST', url: '/api/v1/dev/token', payload: { customer: 'customer' } });
      const bearer = (minted.json() as { data: { token: string } }).data.token;
      const examples = [...reported(false), ...reported(true)].map((sent): [Sent] => [route.method === 'GET' ? { ...sent, payload: {} } : sent]);
      await fc.assert(
        fc.asyncProperty(request(route), async (sent) => {
          let index = 0;
          const path = route.url.replace(/:\w+/g, () => sent.params[index++] ?? '1').replace(/\*$/, 'anything');
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: sent.query ? `${path}?${sent.query}` : path,
            payload: sent.payload.body,
            headers: {
              ...(sent.payload.contentType ? { 'content-type': sent.payload.contentType } : {}),
              ...(sent.signedIn ? { authorization: `Bearer ${bearer}` } : {}),
              ...(sent.idempotencyKey !== undefined ? { 'idempotency-key': sent.idempotencyKey } : {}),
            },
          });
          if (response.statusCode >= 500) failures.push(`${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
          return response.statusCode < 500;
        }),
        // Examples count towards numRuns: the reported cases always run, the random ones on top.
        { seed: SEED, numRuns: examples.length + RUNS_PER_ROUTE, endOnFailure: true, examples },
      ).catch((error: unknown) => failures.push(String(error).slice(0, 2_000)));
    }
    expect(failures).toEqual([]);
    // A guard against a hang, not a speed goal: ~30 s on a quiet CI machine, over 120 s on one loaded 12x.
  }, 300_000);
});
