import { describe, expect, it } from 'vitest';
import { hydratesServerPage, type StartingPage } from './hydration';

const serverPage: StartingPage = {
  serverRendered: true,
  kept: false,
  pageLang: 'ar',
  startLang: 'ar',
  signedIn: false,
  kiosk: false,
  showsApp: true,
  partsLoaded: true,
};

describe('whether the client hydrates the page it starts on', () => {
  it('hydrates the server page of an anonymous web visitor in its language, its parts loaded, whatever the route', () => {
    expect(hydratesServerPage(serverPage)).toBe(true);
  });

  it.each<[string, Partial<StartingPage>]>([
    ['no server render (the shell)', { serverRendered: false }],
    ['a page the service worker kept', { kept: true }],
    ['another language than the server rendered', { startLang: 'en' }],
    ['a restored login', { signedIn: true }],
    ['a kiosk terminal', { kiosk: true }],
    ['maintenance or a disabled site', { showsApp: false }],
    ['a rendered part that could not load', { partsLoaded: false }],
  ])('renders over it for %s', (_, change) => {
    expect(hydratesServerPage({ ...serverPage, ...change })).toBe(false);
  });
});
