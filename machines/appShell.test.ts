import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { configResponse, type SiteConfigInput } from '../src/domain/contract/config';
import { type TimeCheck } from '../src/domain/contract/time';
import { siteConfigInput } from '../src/domain/contract/siteConfigFixture';
import { PERIODIC_TASK_MS } from '../src/domain/constants';
import { appShellMachine, type ConfigLoadInput, type ShellConfigLoad } from './appShell';

const HOST = 'venue.example';

const site = siteConfigInput;

const carouselItem = { id: 1, title: 'Welcome', image: '/a.jpg' };

const loaded = (over: Partial<SiteConfigInput> = {}, source: ShellConfigLoad['source'] = 'network', savedAt = 1000): ShellConfigLoad => ({
  response: configResponse.parse({ status: true, data: site(over), carousel: [carouselItem] }),
  source,
  savedAt,
});

const maintenanceOn = { maintenance: { enabled: true, title: 'Down', message: 'Soon' } };
const healthCheckHere = {
  health_check: { web_enable: true, domain: HOST, title: 'Checks', message: 'Back soon', webButtons: [] },
};

class ConfigNotFoundError extends Error {
  override readonly name = 'ConfigNotFoundError';
}

type LoadStep = ShellConfigLoad | Error | 'never';

/**
 * A loadConfig fake answering the given steps in order (the last repeats) and recording each input;
 * 'never' leaves the load pending.
 */
function configLoads(...steps: LoadStep[]) {
  const inputs: ConfigLoadInput[] = [];
  const logic = fromPromise<ShellConfigLoad, ConfigLoadInput>(({ input }) => {
    inputs.push(input);
    const step = steps.length > 1 ? steps.shift()! : steps[0]!;
    if (step === 'never') return new Promise(() => {});
    return step instanceof Error ? Promise.reject(step) : Promise.resolve(step);
  });
  return { logic, inputs };
}

const timeAnswer = (answer: TimeCheck | null | Error) =>
  fromPromise<TimeCheck | null>(() => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)));

const inSync: TimeCheck = { userTime: '2024-01-01 10:00:00', systemTime: '2024-01-01 10:04:00' };
const outOfSync: TimeCheck = { userTime: '2024-01-01 10:00:00', systemTime: '2024-01-01 10:06:00' };

function start(loads: ReturnType<typeof configLoads>, time: TimeCheck | null | Error = inSync) {
  const actor = createActor(
    appShellMachine.provide({ actors: { loadConfig: loads.logic, verifyTime: timeAnswer(time) } }),
    { input: { host: HOST } },
  );
  actor.start();
  return actor;
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('appShellMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('[S0-2.61] [S0-4.10] shows the splash (pending) while the config loads', async () => {
    const actor = start(configLoads('never'));
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ config: 'loading' })).toBe(true);
    expect(snapshot.hasTag('pending')).toBe(true);
    expect(snapshot.context.config).toBeNull();
  });

  it('[S0-4.11] [S0-7.27] a loaded, enabled config without maintenance shows the app and keeps the config', async () => {
    const loads = configLoads(loaded({}, 'cache', 1234));
    const actor = start(loads);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ config: 'app' })).toBe(true);
    expect(snapshot.hasTag('pending')).toBe(false);
    expect(snapshot.context.config?.venue.name).toBe('Venue');
    expect(snapshot.context.carousel).toEqual([carouselItem]);
    expect(snapshot.context.configSource).toBe('cache');
    expect(snapshot.context.configSavedAt).toBe(1234);
    expect(loads.inputs).toEqual([{ reload: false }]);
  });

  it.each<[string, Partial<SiteConfigInput>, string]>([
    ['[S0-2.108] [S0-4.12] site disabled', { siteEnabled: false }, 'siteDisabled'],
    ['[S0-2.109] [S0-4.13] maintenance', maintenanceOn, 'maintenance'],
    ['[S0-2.111] [S0-4.14] health check overrides maintenance', { ...maintenanceOn, ...healthCheckHere }, 'healthCheck'],
    ['[S0-4.14] health check overrides a disabled site', { siteEnabled: false, ...healthCheckHere }, 'healthCheck'],
    ['[S0-8.20] missing venue_id', { venue_id: null }, 'invalidConfig'],
  ])('%s', async (_title, over, view) => {
    const actor = start(configLoads(loaded(over)));
    await settle();
    expect(actor.getSnapshot().matches({ config: view as 'app' })).toBe(true);
  });

  it('[S0-7.28] [S0-2.113] a config the venue API does not know shows the not-found page', async () => {
    const actor = start(configLoads(new ConfigNotFoundError('Venue not found')));
    await settle();
    expect(actor.getSnapshot().matches({ config: 'notFound' })).toBe(true);
  });

  it('no config at all is unavailable until retried', async () => {
    const loads = configLoads(new Error('down'), 'never', loaded());
    const actor = start(loads);
    await settle();
    expect(actor.getSnapshot().matches({ config: 'unavailable' })).toBe(true);
    actor.send({ type: 'config.retry' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(actor.getSnapshot().matches({ config: 'loading' })).toBe(true);
    expect(loads.inputs).toEqual([{ reload: false }, { reload: false }]);
  });

  it('an unavailable config is retried by itself after the periodic interval', async () => {
    const loads = configLoads(new Error('down'), loaded());
    const actor = start(loads);
    await settle();
    expect(actor.getSnapshot().matches({ config: 'unavailable' })).toBe(true);
    await vi.advanceTimersByTimeAsync(PERIODIC_TASK_MS);
    expect(actor.getSnapshot().matches({ config: 'app' })).toBe(true);
  });

  it('[S0-9.21] [S0-4.13] reloads the config quietly every 30 s and follows maintenance switched on and off', async () => {
    const loads = configLoads(loaded(), loaded(maintenanceOn, 'network', 2000), loaded({}, 'network', 3000));
    const actor = start(loads);
    await settle();
    expect(actor.getSnapshot().matches({ config: 'app' })).toBe(true);

    await vi.advanceTimersByTimeAsync(PERIODIC_TASK_MS - 1);
    expect(loads.inputs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ config: 'maintenance' })).toBe(true);
    expect(actor.getSnapshot().context.configSavedAt).toBe(2000);

    await vi.advanceTimersByTimeAsync(PERIODIC_TASK_MS);
    expect(actor.getSnapshot().matches({ config: 'app' })).toBe(true);
    expect(actor.getSnapshot().context.configSavedAt).toBe(3000);
    expect(loads.inputs).toEqual([{ reload: false }, { reload: true }, { reload: true }]);
  });

  it('a background reload is never pending and a failed one keeps the view and config', async () => {
    const loads = configLoads(loaded(maintenanceOn), 'never');
    const actor = start(loads);
    await settle();
    actor.send({ type: 'config.refresh' });
    const during = actor.getSnapshot();
    expect(during.matches({ refresh: 'reloading' })).toBe(true);
    expect(during.matches({ config: 'maintenance' })).toBe(true);
    expect(during.hasTag('pending')).toBe(false);

    const failing = configLoads(loaded(maintenanceOn), new ConfigNotFoundError('gone'));
    const second = start(failing);
    await settle();
    second.send({ type: 'config.refresh' });
    await settle();
    expect(second.getSnapshot().matches({ config: 'maintenance' })).toBe(true);
    expect(second.getSnapshot().matches({ refresh: 'idle' })).toBe(true);
    expect(second.getSnapshot().context.config?.maintenance.enabled).toBe(true);
  });

  it('config.refresh reloads at once from any loaded view', async () => {
    const loads = configLoads(loaded({ siteEnabled: false }), loaded());
    const actor = start(loads);
    await settle();
    expect(actor.getSnapshot().matches({ config: 'siteDisabled' })).toBe(true);
    actor.send({ type: 'config.refresh' });
    await settle();
    expect(actor.getSnapshot().matches({ config: 'app' })).toBe(true);
    expect(loads.inputs).toEqual([{ reload: false }, { reload: true }]);
  });

  describe('warm start: the device copy first, the network straight after', () => {
    const deviceCopy = (over: Partial<SiteConfigInput> = {}): ShellConfigLoad => ({ ...loaded(over, 'cache', 500), revalidate: true });

    it('shows the app from the device copy without waiting, then asks the network once and keeps its answer', async () => {
      const network = loaded({ venue: { id: 1, name: 'Venue renamed' } });
      const loads = configLoads(deviceCopy(), 'never');
      const actor = start(loads);
      await settle();
      expect(actor.getSnapshot().matches({ config: 'app' })).toBe(true);
      expect(actor.getSnapshot().hasTag('pending')).toBe(false);
      expect(actor.getSnapshot().matches({ refresh: 'reloading' })).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ configSource: 'cache', configSavedAt: 500, unconfirmed: true });
      expect(loads.inputs).toEqual([{ reload: false }, { reload: true }]);

      const answered = start(configLoads(deviceCopy(), network));
      await settle();
      expect(answered.getSnapshot().matches({ config: 'app' })).toBe(true);
      expect(answered.getSnapshot().matches({ refresh: 'idle' })).toBe(true);
      expect(answered.getSnapshot().context).toMatchObject({ configSource: 'network', unconfirmed: false });
      expect(answered.getSnapshot().context.config?.venue.name).toBe('Venue renamed');
    });

    it.each<[string, Partial<SiteConfigInput>, string]>([
      ['[S0-4.13] maintenance', maintenanceOn, 'maintenance'],
      ['[S0-4.12] a disabled site', { siteEnabled: false }, 'siteDisabled'],
      ['[S0-4.14] a health check', healthCheckHere, 'healthCheck'],
    ])('%s found by the network after the device copy is shown', async (_title, over, view) => {
      const actor = start(configLoads(deviceCopy(), loaded(over)));
      await settle();
      expect(actor.getSnapshot().matches({ config: view as 'app' })).toBe(true);
    });

    it('a device copy in maintenance shows it at once and the app once the network says maintenance is over', async () => {
      const waiting = start(configLoads(deviceCopy(maintenanceOn), 'never'));
      await settle();
      expect(waiting.getSnapshot().matches({ config: 'maintenance' })).toBe(true);
      expect(waiting.getSnapshot().matches({ refresh: 'reloading' })).toBe(true);

      const actor = start(configLoads(deviceCopy(maintenanceOn), loaded()));
      await settle();
      expect(actor.getSnapshot().matches({ config: 'app' })).toBe(true);
    });

    it('without a network the device copy stays on screen, still unconfirmed', async () => {
      const actor = start(configLoads(deviceCopy(), new Error('offline')));
      await settle();
      expect(actor.getSnapshot().matches({ config: 'app' })).toBe(true);
      expect(actor.getSnapshot().matches({ refresh: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ configSource: 'cache', unconfirmed: true });
    });

    it('[S0-7.28] a venue the API does not know shows the not-found page, as a network-first start would', async () => {
      const actor = start(configLoads(deviceCopy(), new ConfigNotFoundError('Venue not found')));
      await settle();
      expect(actor.getSnapshot().matches({ config: 'notFound' })).toBe(true);
    });

    it('a copy the network has confirmed is not dropped by a later not-found reload', async () => {
      const actor = start(configLoads(deviceCopy(), loaded(), new ConfigNotFoundError('Venue not found')));
      await settle();
      actor.send({ type: 'config.refresh' });
      await settle();
      expect(actor.getSnapshot().matches({ config: 'app' })).toBe(true);
    });
  });

  it('does not reload in the background before a config is loaded', async () => {
    const loads = configLoads('never');
    const actor = start(loads);
    actor.send({ type: 'config.refresh' });
    actor.send({ type: 'config.reloaded' });
    await vi.advanceTimersByTimeAsync(PERIODIC_TASK_MS * 3);
    expect(loads.inputs).toHaveLength(1);
    expect(actor.getSnapshot().matches({ config: 'loading' })).toBe(true);
  });

  it('the refresh interval can be shortened through delays', async () => {
    const loads = configLoads(loaded(), loaded(maintenanceOn));
    const actor = createActor(
      appShellMachine.provide({ actors: { loadConfig: loads.logic, verifyTime: timeAnswer(inSync) }, delays: { configRefresh: 10 } }),
      { input: { host: HOST } },
    ).start();
    await vi.advanceTimersByTimeAsync(10);
    expect(actor.getSnapshot().matches({ config: 'maintenance' })).toBe(true);
  });

  describe('clock', () => {
    it('[S0-7.35] [S0-9.19] a clock within 5 minutes is ok', async () => {
      const actor = start(configLoads(loaded()), inSync);
      expect(actor.getSnapshot().matches({ clock: 'checking' })).toBe(true);
      await settle();
      expect(actor.getSnapshot().matches({ clock: 'ok' })).toBe(true);
    });

    it('[S0-7.35] [S0-8.9] a clock more than 5 minutes off is discrepant for good', async () => {
      const actor = start(configLoads(loaded()), outOfSync);
      await settle();
      expect(actor.getSnapshot().matches({ clock: 'discrepant' })).toBe(true);
      actor.send({ type: 'config.refresh' });
      actor.send({ type: 'config.retry' });
      await vi.advanceTimersByTimeAsync(PERIODIC_TASK_MS);
      expect(actor.getSnapshot().matches({ clock: 'discrepant' })).toBe(true);
      expect(actor.getSnapshot().matches({ config: 'app' })).toBe(true);
    });

    it.each<[string, TimeCheck | null | Error]>([
      ['no answer', null],
      ['a failed check', new Error('offline')],
      ['no user time echoed', { userTime: null, systemTime: '2024-01-01 10:00:00' }],
    ])('%s does not block', async (_title, answer) => {
      const actor = start(configLoads(loaded()), answer);
      await settle();
      expect(actor.getSnapshot().matches({ clock: 'ok' })).toBe(true);
    });
  });
});
