import { mkdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkScreen, KIOSK, LANGS, open, PHONE, resetServer } from './helpers';

/**
 * Issue 14: the client hydrates the server's page (src/main.tsx) instead of rendering over it. Hydration keeps the
 * server's attributes as they are, so every id, label and reference the client's render computes must be the one
 * the server wrote, and the server's nodes must stay the nodes on screen.
 */

const SHOTS = '/work/shots/hydrate';
const PAGES = ['/', '/events', '/events/1'];
const SIZES = [
  { name: 'phone', size: PHONE },
  { name: 'kiosk', size: KIOSK },
] as const;

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const withLang = (path: string, lang: 'en' | 'ar') => (lang === 'ar' ? `${path}${path.includes('?') ? '&' : '?'}lang=ar` : path);

/** The server's header, heading and first card, found before any script runs, for a check that hydration kept them. */
async function keepServerNodes(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { serverNodes: (Element | null)[] }).serverNodes = [
        document.querySelector('header'),
        document.querySelector('main h1, main h2'),
        document.querySelector('main li, main article'),
      ];
    });
  });
}

/**
 * Opens a page the server rendered: on a loaded machine a render over its time limit gets the plain shell instead
 * (server/http/firstScreen.ts), which is not what these tests are about, so that case is opened again.
 */
async function openServerRendered(page: Page, path: string) {
  // The first renders of each page in a fresh server are the slow ones.
  for (let warm = 0; warm < 3; warm += 1) await page.request.get(path);
  for (let attempt = 1; ; attempt += 1) {
    await open(page, path);
    const rendered = await page.evaluate(() => document.getElementById('first-screen') !== null);
    if (rendered || attempt === 5) return expect(rendered, `${path} came from the server`).toBe(true);
  }
}

const sameNodesAsServer = (page: Page) =>
  page.evaluate(() => {
    const kept = (window as unknown as { serverNodes: (Element | null)[] }).serverNodes;
    const now = [document.querySelector('header'), document.querySelector('main h1, main h2'), document.querySelector('main li, main article')];
    return kept.map((node, index) => node !== null && node === now[index] && node.isConnected);
  });

/**
 * Every attribute of the client's render (Preact's own tree: `__k` children, `__e` their DOM node) against the one in
 * the document. Hydration does not write attributes, so a difference is one the client computes differently from the
 * server and the page would keep wrong: an id a label or dialog refers to, an active link, a class.
 */
const attributesDifferingFromClient = (page: Page) =>
  page.evaluate(() => {
    type VNode = { type: unknown; props?: Record<string, unknown>; __e?: Element | null; __k?: (VNode | null)[] | null };
    const NAMES: Record<string, string> = { className: 'class', htmlFor: 'for' };
    const differing: string[] = [];
    let compared = 0;
    const visit = (vnode: VNode | null | undefined) => {
      if (!vnode) return;
      if (typeof vnode.type === 'string' && vnode.__e && vnode.props) {
        for (const [prop, value] of Object.entries(vnode.props)) {
          // Properties rather than attributes (a field's value, the style object) are set by hydration anyway.
          if ((typeof value !== 'string' && typeof value !== 'number') || ['children', 'value', 'style'].includes(prop)) continue;
          compared += 1;
          const written = vnode.__e.getAttribute(NAMES[prop] ?? prop);
          if (String(value) !== written) differing.push(`<${vnode.type}> ${NAMES[prop] ?? prop}: client ${String(value)}, document ${written}`);
        }
      }
      for (const child of vnode.__k ?? []) visit(child);
    };
    visit((document.getElementById('root') as unknown as { __k?: VNode }).__k);
    return { compared, differing };
  });

/** Each label's `for` names an element of the page. */
const labelsWithoutTheirField = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('#root label[for]')].map((label) => label.getAttribute('for') ?? '').filter((id) => !document.getElementById(id)));

for (const lang of LANGS) {
  for (const { name, size } of SIZES) {
    test(`${lang}, ${name}: the client hydrates the server's page: its nodes kept, every attribute its render computes already in the page, no console error`, async ({ browser, baseURL }) => {
      // Three fresh browsers, each page checked with axe and photographed.
      test.setTimeout(120_000);
      mkdirSync(SHOTS, { recursive: true });
      const problems: string[] = [];
      for (const path of PAGES) {
        // A fresh browser each time: once a service worker controls the page, it answers navigations with its copy of
        // the shell (tests/warm-start.spec.ts), and these tests are about the server's page.
        const context = await browser.newContext({ baseURL, viewport: size });
        const page = await context.newPage();
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        await keepServerNodes(page);
        await openServerRendered(page, withLang(path, lang));
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        expect(await sameNodesAsServer(page), path).toEqual([true, true, true]);
        const attributes = await attributesDifferingFromClient(page);
        expect(attributes.compared, path).toBeGreaterThan(100);
        expect(attributes.differing, path).toEqual([]);
        expect(await labelsWithoutTheirField(page), path).toEqual([]);
        const slug = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
        await checkScreen(page, 'main', `${SHOTS}/${slug}-${lang}-${name}.png`);
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }
}
