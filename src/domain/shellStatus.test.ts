import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { siteConfig, type SiteConfig, type SiteConfigInput } from './contract/config';
import { siteConfigInput } from './contract/siteConfigFixture';
import { healthCheckApplies, shellView, type HealthCheck, type ShellView } from './shellStatus';

const health = (over: Partial<HealthCheck> = {}): HealthCheck => ({
  web_enable: true,
  domain: 'venue.example',
  title: 'Down for checks',
  message: 'Back soon',
  webButtons: [],
  ...over,
});

const config = (over: Partial<SiteConfigInput> = {}): SiteConfig => siteConfig.parse(siteConfigInput(over));

describe('[S0-2.111] healthCheckApplies', () => {
  it.each<[string, HealthCheck | null, string, boolean]>([
    ['no health check', null, 'venue.example', false],
    ['enabled on this host', health(), 'venue.example', true],
    ['disabled', health({ web_enable: false }), 'venue.example', false],
    ['another host', health(), 'other.example', false],
    ['case-insensitive', health({ domain: 'Venue.EXAMPLE' }), 'venue.example', true],
    ['port ignored', health(), 'venue.example:8443', true],
    ['leading www on the host ignored', health(), 'www.venue.example', true],
    ['leading www on the domain ignored', health({ domain: 'www.venue.example' }), 'venue.example', true],
    ['domain written as an address', health({ domain: 'https://venue.example/' }), 'venue.example', true],
    ['subdomain is another host', health(), 'shop.venue.example', false],
    ['empty domain', health({ domain: '' }), '', false],
  ])('%s', (_title, hc, host, expected) => {
    expect(healthCheckApplies(hc, host)).toBe(expected);
  });
});

describe('shellView', () => {
  it.each<[string, Partial<SiteConfigInput>, ShellView]>([
    ['[S0-4.11] enabled, no maintenance: the app', {}, 'app'],
    ['[S0-2.108] [S0-4.12] site disabled', { siteEnabled: false }, 'siteDisabled'],
    ['[S0-2.109] [S0-4.13] maintenance', { maintenance: { enabled: true, title: 'T', message: 'M' } }, 'maintenance'],
    ['[S0-8.20] venue_id missing', { venue_id: null }, 'invalidConfig'],
    ['[S0-8.20] invalid config wins over disabled', { venue_id: null, siteEnabled: false }, 'invalidConfig'],
    [
      'disabled wins over maintenance',
      { siteEnabled: false, maintenance: { enabled: true, title: 'T', message: 'M' } },
      'siteDisabled',
    ],
    ['[S0-2.110] health check on this host', { health_check: health() }, 'healthCheck'],
    ['health check on another host is ignored', { health_check: health({ domain: 'other.example' }) }, 'app'],
    ['health check switched off is ignored', { health_check: health({ web_enable: false }) }, 'app'],
  ])('%s', (_title, over, view) => {
    expect(shellView(config(over), 'venue.example')).toBe(view);
  });

  it('[S0-4.14] a health-check maintenance overrides every other state', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.option(fc.integer({ min: 1 }), { nil: null }), (enabled, maintenance, venueId) => {
        const cfg = config({
          siteEnabled: enabled,
          venue_id: venueId,
          maintenance: { enabled: maintenance, title: 'T', message: 'M' },
          health_check: health(),
        });
        expect(shellView(cfg, 'venue.example')).toBe('healthCheck');
      }),
    );
  });
});
