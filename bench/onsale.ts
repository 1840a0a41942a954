/**
 * `npm run bench` (on-sale part): many buyers at once checking out by card as guests, through the real server over
 * HTTP: the last places of one event session, of one facility slot, and a mixed on-sale (three event sessions and
 * four slots of different facilities at once). Each runs on the embedded database (one process), on PostgreSQL with
 * one process and with two (buyers split between them), on a fresh database each time, interleaved.
 *
 * PostgreSQL is the server that BENCH_DATABASE_URL (or TEST_DATABASE_URL) names, with a role that may create
 * databases (README, "Test it"); without it only the embedded runs are made. ONSALE_BUYERS sets the buyers (200),
 * ONSALE_ONLY one on-sale by its label ('event session', 'facility slot', 'mixed'), ONSALE_SETUP one setup by its
 * label (e.g. 'PostgreSQL, 1 process', to profile it), ONSALE_ROUNDS how many times every run is repeated,
 * interleaved (1; the table then shows medians), ONSALE_WARM_UP how many buyers each server process serves before the
 * rush, not counted (150).
 *
 * The warm-up is a rush of its own per process, at places the measured rush does not sell (another event's session
 * and another Aqua Park slot), event tickets and facility tickets in turn, some refused as full. V8 optimises hot code
 * only after many calls, and each process compiles its own: after 10 warm-up orders, two processes (each serving half
 * the buyers) cost ~40% more server CPU per order than one; after this warm-up, about the same. ONSALE_WARM_UP=10 is
 * close to the bench before the warm-up round (10 facility orders, one after another).
 *
 * The buyers run in this process, on the same machine as the servers, over node:http with kept-alive connections
 * and bodies encoded before the rush: "client CPU" is the share of one core this process spent during the rush,
 * which the servers did not have. CPU per order is measured from /proc (Linux): the server processes' (Node, and
 * PGlite inside it when embedded) and the PostgreSQL backends' serving the bench's database, so a change's cost or
 * saving shows apart from how busy the shared machine was.
 *
 * It is a report, not a test: the exit code is 1 only when the bench itself cannot run. "orders/s" counts every
 * checkout answered (sold or refused as full) per second of the rush; "oversold" is what was sold beyond a
 * place's capacity, "unsold" what was refused while places were left: both must be 0.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { addDays } from '../src/domain/booking/dayTime';
import { eventResponse } from '../src/domain/contract/catalogue';
import { facilityWithProductsResponse, venueServicesResponse } from '../src/domain/contract/facilities';
import { HEADERS } from '../src/domain/contract/headers';
import { cartEventLine, cartFacilityLine, emptyProducts, guestName } from '../server/testing/cartLines';
import { startServer, stopServer, type RunningServer } from '../server/testing/serverProcess';
import { createTestPostgres, type TestPostgresDatabase } from '../server/testing/testDatabase';
import { median, printTable } from './support';

const BUYERS = Number(process.env.ONSALE_BUYERS ?? 200);
const WARM_UP_BUYERS = Math.max(0, Number(process.env.ONSALE_WARM_UP ?? 150));
const P95_TARGET_MS = 1_000;
const SPEED_UP_TARGET = 5;
const POSTGRES_URL = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '').trim();
const ONLY = process.env.ONSALE_ONLY?.trim();
const ONLY_SETUP = process.env.ONSALE_SETUP?.trim();
const ROUNDS = Math.max(1, Number(process.env.ONSALE_ROUNDS ?? 1));

interface Setup {
  label: string;
  postgres: boolean;
  processes: number;
}

/** One place on sale: what a buyer's order holds, and how many of it there are. */
interface Place {
  label: string;
  capacity: number;
  products: object;
}

interface Venue {
  venueId: number;
  events: Record<'final' | 'music' | 'run', { id: number; date: string; start: string; end: string; capacity: number }>;
  slotDate: string;
  slots: Record<'aquaPark' | 'wavePool' | 'lanes' | 'vipLanes', Place>;
  /** What the index-th buyer of a warm-up buys: event tickets and facility tickets in turn. */
  warmUp: (index: number) => object;
}

interface Rush {
  sold: number;
  oversold: number;
  unsold: number;
  failed: number;
  ordersPerSecond: number;
  p50: number;
  p95: number;
  /** This process's CPU time during the rush, as a share of one core. */
  clientCpu: number;
  /** CPU milliseconds per checkout answered: the server processes', PostgreSQL's (0 when embedded), the bench's. */
  serverMsPerOrder: number;
  postgresMsPerOrder: number;
  clientMsPerOrder: number;
  /** The machine's one-minute load average as the rush began (others' work shows here). */
  loadAverage: number;
}

const api = (server: RunningServer, path: string, init?: RequestInit) => fetch(`${server.baseUrl}/api/v1/${path}`, init);

async function json<T>(response: Promise<Response>, schema: { parse: (value: unknown) => T }): Promise<T> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${answer.url} answered ${answer.status}: ${await answer.text()}`);
  return schema.parse(await answer.json());
}


/** The demo venue as the server seeded it: its events' sessions and four slots of different facilities. */
async function readVenue(server: RunningServer): Promise<Venue> {
  const config = (await (await api(server, 'config')).json()) as { data: { venue_id: number } };
  const venueId = config.data.venue_id;
  const event = async (id: number) => {
    const data = (await json(api(server, `events/${id}`), eventResponse)).data;
    const schedule = data.event_schedules[0];
    if (!schedule || data.capacity === null || data.capacity === undefined) throw new Error(`the demo event ${id} has no session or capacity`);
    return { id, date: data.start_date, start: schedule.start_time, end: schedule.end_time, capacity: data.capacity };
  };
  const events = { final: await event(1), music: await event(2), run: await event(3) };
  // The demo's final is ten days after the seed day; the slots are a week after the seed day, inside every
  // service's booking window (bowling takes bookings 14 days ahead).
  const slotDate = addDays(events.final.date, -3) ?? events.final.date;
  const services = (await json(api(server, 'venue/services'), venueServicesResponse)).data;
  const facility = (serviceName: string, name: string) => {
    const service = services.find((each) => each.name === serviceName);
    const found = service?.facilities.find((each) => each.name === name);
    if (!service || !found) throw new Error(`no demo facility ${name}`);
    return { serviceId: service.id, facilityId: found.id };
  };
  const slot = async (serviceName: string, name: string, productName: string, start: string, end: string, date = slotDate): Promise<Place> => {
    const { serviceId, facilityId } = facility(serviceName, name);
    const query = `venue_service_id=${serviceId}&date=${date}&start_time=${start}&end_time=${end}&facility_id=${facilityId}`;
    const data = (await json(api(server, `facilities/auto?${query}`), facilityWithProductsResponse)).data;
    const product = data.products.find((each) => each.name === productName);
    if (!product || !('available_capacity' in product)) throw new Error(`${name} does not sell the ticket ${productName} at ${start}`);
    const line = cartFacilityLine({ venue_id: venueId, facility_id: facilityId, venue_service_id: serviceId, product_id: product.product_id, date, start_time: start, end_time: end });
    return { label: `${name} ${start.slice(0, 5)}`, capacity: product.available_capacity ?? 0, products: { capacity_facility: [line] } };
  };
  const warmUpSlot = await slot('Aqua Park', 'Aqua Park', 'Child', '15:00:00', '16:00:00', addDays(slotDate, 1) ?? slotDate);
  // The first event of the paged catalogue (server/seed/pagedCatalogue.ts), which no on-sale sells.
  const warmUpEvent = await event(4);
  const warmUpTicket = { event: [cartEventLine({ venue_id: venueId, event_id: warmUpEvent.id, date: warmUpEvent.date, start_time: warmUpEvent.start, end_time: warmUpEvent.end })] };
  return {
    venueId,
    events,
    slotDate,
    slots: {
      aquaPark: await slot('Aqua Park', 'Aqua Park', 'Adult', '10:00:00', '11:00:00'),
      wavePool: await slot('Aqua Park', 'Wave Pool', 'Wave Pool Entry', '10:00:00', '11:00:00'),
      lanes: await slot('Bowling', 'Bowling Lanes', 'Bowling Game', '18:00:00', '19:00:00'),
      vipLanes: await slot('Bowling', 'VIP Lanes', 'VIP Bowling Game', '18:00:00', '19:00:00'),
    },
    warmUp: (index) => (index % 2 === 0 ? warmUpTicket : warmUpSlot.products),
  };
}

function eventPlace(venue: Venue, name: keyof Venue['events']): Place {
  const event = venue.events[name];
  return {
    label: `event ${event.id} ${event.date} ${event.start.slice(0, 5)}`,
    capacity: event.capacity,
    products: { event: [cartEventLine({ venue_id: venue.venueId, event_id: event.id, date: event.date, start_time: event.start, end_time: event.end })] },
  };
}

interface Scenario {
  label: string;
  places: (venue: Venue) => Place[];
}

const SCENARIOS: Scenario[] = [
  { label: 'event session', places: (venue) => [eventPlace(venue, 'run')] },
  { label: 'facility slot', places: (venue) => [venue.slots.aquaPark] },
  {
    label: 'mixed',
    places: (venue) => [eventPlace(venue, 'final'), eventPlace(venue, 'music'), eventPlace(venue, 'run'), ...Object.values(venue.slots)],
  },
];

let buyerNumber = 0;

/** The servers listen on every address of this machine (server/main.ts). */
const SERVER_ADDRESS = '127.0.0.1';

/** Kept-alive connections, enough for every buyer at once: the rush measures the servers, not connection setup. */
const agent = new Agent({ keepAlive: true, maxSockets: 1_000 });

/** One guest's card checkout of `products`, encoded ahead of time: where it goes, a multipart body and its headers. */
interface Checkout {
  port: number;
  path: string;
  headers: Record<string, string | number>;
  body: Buffer;
}

function checkoutOf(server: RunningServer, products: object): Checkout {
  buyerNumber += 1;
  const boundary = `onsale-${buyerNumber}-boundary`;
  const fields: Record<string, string> = {
    product: JSON.stringify({ ...emptyProducts(), ...products }),
    is_anonymous: '1',
    first_name: guestName('Buyer', buyerNumber),
    last_name: 'Onsale',
    email: `buyer${buyerNumber}@example.com`,
    mobile: `+9715${String(10_000_000 + buyerNumber)}`,
  };
  const body = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`,
  );
  return {
    port: Number(new URL(server.baseUrl).port),
    path: '/api/v1/orders',
    body,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
      [HEADERS.idempotencyKey]: `onsale-${buyerNumber}`,
      [HEADERS.session]: `onsale-session-${buyerNumber}`,
    },
  };
}

/** Sends a checkout; answers its status and how long it took. */
function send({ port, path, headers, body }: Checkout): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // By address: each of the rush's new connections would otherwise look the name up again.
    const sent = request({ host: SERVER_ADDRESS, port, path, method: 'POST', headers, agent }, (answer) => {
      answer.on('data', () => undefined);
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, ms: performance.now() - started }));
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const checkout = (server: RunningServer, products: object) => send(checkoutOf(server, products));

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU milliseconds each process has used, from /proc/<pid>/stat (user + system), with its process group. */
function processCpu(): Map<number, { group: number; ms: number }> {
  const found = new Map<number, { group: number; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields that follow come after its last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      found.set(Number(entry), { group: Number(fields[2]), ms: (ticks * 1000) / CLOCK_TICKS_PER_SECOND });
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

/** The PostgreSQL backends serving the bench's database now (the servers' pools). */
async function backendsOf(databaseUrl: string | undefined): Promise<Set<number>> {
  if (!databaseUrl) return new Set();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return new Set(rows.map((row) => row.pid));
  } finally {
    await client.end();
  }
}

/** What the servers and the database's backends used from `before` to now; a backend opened since counts from 0. */
function cpuSince(before: Map<number, { group: number; ms: number }>, servers: RunningServer[], backends: Set<number>) {
  const now = processCpu();
  const groups = new Set(servers.map((server) => server.child.pid));
  let serverMs = 0;
  let postgresMs = 0;
  for (const [pid, { group, ms }] of now) {
    const used = ms - (before.get(pid)?.ms ?? 0);
    if (groups.has(group)) serverMs += used;
    else if (backends.has(pid)) postgresMs += used;
  }
  return { serverMs, postgresMs };
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;

/** BUYERS checkouts at once, spread over the places and, in turn, over the processes. */
async function rush(servers: RunningServer[], places: Place[], databaseUrl: string | undefined): Promise<Rush> {
  const buyers = Array.from({ length: BUYERS }, (_, index) => {
    const place = places[index % places.length] as Place;
    return { place, checkout: checkoutOf(servers[index % servers.length] as RunningServer, place.products) };
  });
  const [loadAverage = 0] = loadavg();
  const processesBefore = processCpu();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const answers = await Promise.all(buyers.map(async ({ place, checkout: sent }) => ({ place, ...(await send(sent)) })));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const { serverMs, postgresMs } = cpuSince(processesBefore, servers, await backendsOf(databaseUrl));
  let oversold = 0;
  let unsold = 0;
  for (const place of places) {
    const mine = answers.filter((answer) => answer.place === place);
    const sold = mine.filter((answer) => answer.status === 200).length;
    oversold += Math.max(0, sold - place.capacity);
    unsold += Math.max(0, Math.min(place.capacity, mine.length) - sold);
  }
  const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return {
    sold: answers.filter((answer) => answer.status === 200).length,
    oversold,
    unsold,
    failed: answers.filter((answer) => answer.status !== 200 && answer.status !== 409).length,
    ordersPerSecond: answers.length / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    clientCpu: (cpu.user + cpu.system) / 1e6 / seconds,
    serverMsPerOrder: serverMs / answers.length,
    postgresMsPerOrder: postgresMs / answers.length,
    clientMsPerOrder: (cpu.user + cpu.system) / 1e3 / answers.length,
    loadAverage,
  };
}

async function run(setup: Setup, scenario: Scenario): Promise<Rush> {
  let database: TestPostgresDatabase | null = null;
  const servers: RunningServer[] = [];
  try {
    if (setup.postgres) database = await createTestPostgres(POSTGRES_URL);
    const databaseUrl = database?.url;
    for (let index = 0; index < setup.processes; index += 1) servers.push(await startServer(databaseUrl ? { databaseUrl } : {}));
    const [first] = servers;
    if (!first) throw new Error('no server started');
    const patched = await api(first, 'dev/config', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ is_guest_checkout: 1 }) });
    if (!patched.ok) throw new Error(`dev/config answered ${patched.status}`);
    const venue = await readVenue(first);
    for (const server of servers) {
      const answers = await Promise.all(Array.from({ length: WARM_UP_BUYERS }, (_, index) => checkout(server, venue.warmUp(index))));
      const failed = answers.find((answer) => answer.status !== 200 && answer.status !== 409);
      if (failed) throw new Error(`a warm-up order answered ${failed.status}`);
    }
    return await rush(servers, scenario.places(venue), databaseUrl);
  } finally {
    await Promise.all(servers.map(stopServer));
    await database?.drop();
  }
}

const SETUPS: Setup[] = [
  { label: 'embedded, 1 process', postgres: false, processes: 1 },
  ...(POSTGRES_URL
    ? [
        { label: 'PostgreSQL, 1 process', postgres: true, processes: 1 },
        { label: 'PostgreSQL, 2 processes', postgres: true, processes: 2 },
      ]
    : []),
];

console.log(
  `On-sale: ${BUYERS} buyers at once, guest card checkouts over HTTP, one ticket each, ${ROUNDS} round(s), after ${WARM_UP_BUYERS} warm-up buyers per process (a shared, noisy machine: compare rows of one run)`,
);
if (!POSTGRES_URL) console.log('BENCH_DATABASE_URL / TEST_DATABASE_URL is not set: PostgreSQL runs left out.');
const results: { scenario: string; setup: string; round: number; result: Rush }[] = [];
try {
  // Rounds go over every scenario and setup in turn, so a busy moment of the machine falls on all of them alike.
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const scenario of SCENARIOS.filter((each) => !ONLY || each.label === ONLY)) {
      for (const setup of SETUPS.filter((each) => !ONLY_SETUP || each.label === ONLY_SETUP)) {
        const result = await run(setup, scenario);
        results.push({ scenario: scenario.label, setup: setup.label, round, result });
        console.log(
          `  round ${round}, ${scenario.label}, ${setup.label}: ${result.ordersPerSecond.toFixed(1)} orders/s, p95 ${result.p95.toFixed(0)} ms, CPU ms/order server ${result.serverMsPerOrder.toFixed(1)} PostgreSQL ${result.postgresMsPerOrder.toFixed(1)} client ${result.clientMsPerOrder.toFixed(1)}, load average ${result.loadAverage.toFixed(1)}`,
        );
      }
    }
  }
} catch (error) {
  console.error(error);
  process.exit(1);
} finally {
  agent.destroy();
}

const TARGET_SETUP = 'PostgreSQL, 2 processes';
const runsOf = (scenario: string, setup: string) => results.filter((each) => each.scenario === scenario && each.setup === setup).map((each) => each.result);
/** The median of each figure over the rounds (oversold and errors: the worst round). */
const summaries = [...new Set(results.map((each) => `${each.scenario}\n${each.setup}`))].map((pair) => {
  const [scenario = '', setup = ''] = pair.split('\n');
  const runs = runsOf(scenario, setup);
  const middle = (figure: (rush: Rush) => number) => median(runs.map(figure));
  return {
    scenario,
    setup,
    sold: middle((rush) => rush.sold),
    oversold: Math.max(...runs.map((rush) => rush.oversold)),
    unsold: Math.max(...runs.map((rush) => rush.unsold)),
    failed: Math.max(...runs.map((rush) => rush.failed)),
    ordersPerSecond: middle((rush) => rush.ordersPerSecond),
    p50: middle((rush) => rush.p50),
    p95: middle((rush) => rush.p95),
    clientCpu: middle((rush) => rush.clientCpu),
    serverMsPerOrder: middle((rush) => rush.serverMsPerOrder),
    postgresMsPerOrder: middle((rush) => rush.postgresMsPerOrder),
    clientMsPerOrder: middle((rush) => rush.clientMsPerOrder),
    loadAverage: middle((rush) => rush.loadAverage),
  };
});
console.log(ROUNDS > 1 ? `Medians of ${ROUNDS} rounds (oversold, unsold, errors: the worst round):` : '');
printTable(
  ['on-sale', 'setup', 'sold', 'oversold', 'unsold', 'errors', 'orders/s', 'p50 ms', 'p95 ms', 'client CPU', 'CPU ms/order: server', 'PostgreSQL', 'client', 'load'],
  summaries.map((each) => [
    each.scenario,
    each.setup,
    String(each.sold),
    String(each.oversold),
    String(each.unsold),
    String(each.failed),
    each.ordersPerSecond.toFixed(1),
    each.p50.toFixed(0),
    `${each.p95.toFixed(0)}${each.setup === TARGET_SETUP && each.p95 > P95_TARGET_MS ? ' OVER' : ''}`,
    `${(each.clientCpu * 100).toFixed(0)}%`,
    each.serverMsPerOrder.toFixed(1),
    each.postgresMsPerOrder.toFixed(1),
    each.clientMsPerOrder.toFixed(1),
    each.loadAverage.toFixed(1),
  ]),
);

const rate = (scenario: string, setup: string) => summaries.find((each) => each.scenario === scenario && each.setup === setup)?.ordersPerSecond;
const ratio = (scenario: string, faster: string, slower: string) => {
  const [a, b] = [rate(scenario, faster), rate(scenario, slower)];
  return a !== undefined && b !== undefined ? a / b : null;
};
const times = (value: number | null) => (value === null ? '' : `${value.toFixed(2)}×`);
console.log('\nSide by side (orders/s):');
printTable(
  ['on-sale', ...SETUPS.map((setup) => setup.label), '2 processes / embedded', '2 processes / 1', 'oversold'],
  [...new Set(summaries.map((each) => each.scenario))].map((scenario) => [
    scenario,
    ...SETUPS.map((setup) => rate(scenario, setup.label)?.toFixed(1) ?? ''),
    times(ratio(scenario, TARGET_SETUP, 'embedded, 1 process')),
    times(ratio(scenario, TARGET_SETUP, 'PostgreSQL, 1 process')),
    String(summaries.filter((each) => each.scenario === scenario).reduce((sum, each) => sum + each.oversold, 0)),
  ]),
);
const speedUp = ratio('event session', TARGET_SETUP, 'embedded, 1 process');
if (speedUp !== null) console.log(`event session: ${TARGET_SETUP} ${speedUp.toFixed(1)}× the orders/s of the embedded database (target ${SPEED_UP_TARGET}×)${speedUp < SPEED_UP_TARGET ? ' UNDER' : ''}`);
const mixed = ratio('mixed', TARGET_SETUP, 'PostgreSQL, 1 process');
if (mixed !== null) console.log(`mixed on-sale: two processes ${mixed.toFixed(2)}× the orders/s of one`);
const oversold = results.reduce((sum, each) => sum + each.result.oversold, 0);
console.log(oversold === 0 ? 'No place was oversold in any round.' : `OVERSOLD: ${oversold} places beyond capacity`);
