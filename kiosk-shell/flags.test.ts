import { describe, expect, it } from 'vitest';
import { chromiumArgs, commandLine, devtoolsVersionUrl, portalAddress, type LaunchSettings } from './flags';

const settings: LaunchSettings = {
  portalUrl: 'https://portal.example.com/',
  language: null,
  userDataDir: '/var/lib/venue-kiosk/chromium',
  debuggingPort: 9222,
  extraArgs: [],
};

describe('Chromium flags of a terminal', () => {
  it.each([
    '--kiosk',
    '--noerrdialogs',
    '--disable-pinch',
    '--overscroll-history-navigation=0',
    '--no-first-run',
    '--disable-translate',
    '--kiosk-printing',
    '--user-data-dir=/var/lib/venue-kiosk/chromium',
    '--remote-debugging-port=9222',
    '--remote-debugging-address=127.0.0.1',
  ])('include %s', (flag) => {
    expect(chromiumArgs(settings, 1000)).toContain(flag);
  });

  it('turn the translate feature off in a single --disable-features switch, merged with any the operator adds', () => {
    const args = chromiumArgs({ ...settings, extraArgs: ['--disable-features=Foo,Bar', '--autoplay-policy=no-user-gesture-required'] }, 1000);
    const disableFeatures = args.filter((arg) => arg.startsWith('--disable-features='));
    expect(disableFeatures).toHaveLength(1);
    expect(disableFeatures[0]?.split('=')[1]?.split(',')).toEqual(expect.arrayContaining(['Translate', 'TranslateUI', 'Foo', 'Bar']));
    expect(args).toContain('--autoplay-policy=no-user-gesture-required');
  });

  it('keep a persistent profile: never incognito or a guest or temporary profile', () => {
    const args = chromiumArgs(settings, 1000);
    expect(args.filter((arg) => /incognito|guest|temp-profile/.test(arg))).toEqual([]);
    expect(args.filter((arg) => arg.startsWith('--user-data-dir='))).toHaveLength(1);
  });

  it('add --no-sandbox when run as root, and only then', () => {
    expect(chromiumArgs(settings, 0)).toContain('--no-sandbox');
    expect(chromiumArgs(settings, 1000)).not.toContain('--no-sandbox');
    expect(chromiumArgs(settings, null)).not.toContain('--no-sandbox');
    expect(chromiumArgs({ ...settings, extraArgs: ['--no-sandbox'] }, 0).filter((arg) => arg === '--no-sandbox')).toHaveLength(1);
  });

  it('end with the portal address in kiosk mode, after the extra switches', () => {
    const args = chromiumArgs({ ...settings, extraArgs: ['--headless=new'], language: 'ar' }, 1000);
    expect(args.at(-1)).toBe('https://portal.example.com/?mode=kiosk&attract=1&lang=ar');
    expect(args.indexOf('--headless=new')).toBeLessThan(args.length - 1);
  });

  it('poll the DevTools version endpoint on 127.0.0.1', () => {
    expect(devtoolsVersionUrl(9333)).toBe('http://127.0.0.1:9333/json/version');
  });
});

describe('portal address', () => {
  it.each([
    ['https://portal.example.com', null, 'https://portal.example.com/?mode=kiosk&attract=1'],
    ['https://portal.example.com/', 'en', 'https://portal.example.com/?mode=kiosk&attract=1&lang=en'],
    ['https://portal.example.com/venue/?vtoken=abc', 'ar', 'https://portal.example.com/venue/?vtoken=abc&mode=kiosk&attract=1&lang=ar'],
    ['https://portal.example.com/?mode=web&lang=ar', null, 'https://portal.example.com/?mode=kiosk&attract=1'],
    ['http://localhost:8080/#top', 'ar', 'http://localhost:8080/?mode=kiosk&attract=1&lang=ar#top'],
  ] as const)('%s with language %s opens %s', (portal, language, expected) => {
    expect(portalAddress(portal, language)).toBe(expected);
  });
});

describe('printed command line', () => {
  it('quotes what the shell would split or expand', () => {
    expect(commandLine('/usr/bin/chromium', ['--kiosk', 'https://p.example/?mode=kiosk&attract=1&lang=ar', "it's"])).toBe(
      `/usr/bin/chromium --kiosk 'https://p.example/?mode=kiosk&attract=1&lang=ar' 'it'\\''s'`,
    );
  });
});
