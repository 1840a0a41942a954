import { mkdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { rendersOnServer } from '../src/domain/firstScreen';
import { ROUTE_TABLE, type RouteFacts } from '../src/domain/routeTable';
import { fb } from './support/booking';
import { checkScreen, KIOSK, LANGS, open, PHONE, resetServer } from './helpers';
import { skipLeadForm } from './support/leads';

/**
 * Issue 14: the client hydrates the server's page (src/main.tsx) instead of rendering over it. Hydration keeps the
 * server's attributes as they are, so every id, label and reference the client's render computes must be the one
 * the server wrote, and the server's nodes must stay the nodes on screen.
 */

const SHOTS = '/work/shots/hyd2';

/** Every route the server renders (src/domain/firstScreen.ts), at a page of the demo venue. */
const PAGES: { route: string; path: string }[] = [
  { route: '/', path: '/' },
  { route: '/home', path: '/home' },
  { route: '/events', path: '/events' },
  { route: '/events/$id', path: '/events/1' },
  { route: '/training', path: '/training' },
  { route: '/training/$id', path: '/training/1' },
  { route: '/academies', path: '/academies' },
  { route: '/academy/$id', path: '/academy/1' },
  { route: '/academy/$id/packages', path: '/academy/1/packages' },
  { route: '/memberships', path: '/memberships' },
  { route: '/blogs', path: '/blogs' },
  { route: '/blog/$slug', path: '/blog/some-post' },
  { route: '/outlets', path: '/outlets' },
  { route: '/outlets/$id', path: '/outlets/1' },
  { route: '/retail', path: '/retail' },
  { route: '/offers', path: '/offers' },
  { route: '/media-library', path: '/media-library' },
  // The booking modal opens on mount: the server renders it, the client loads it before hydrating.
  { route: '/service/$id', path: '/service/2' },
  { route: '/login', path: '/login' },
  { route: '/register', path: '/register' },
  { route: '/form/$slug', path: '/form/feedback' },
  { route: '/404', path: '/404' },
  { route: '/home-bsl', path: '/home-bsl' },
  { route: '/home-bsl/$token', path: '/home-bsl/token123' },
  { route: '/event-invite', path: '/event-invite' },
];
/** A few at the kiosk's size too: its layout shows other parts (no drawer button, wider grids). */
const AT_KIOSK_SIZE = ['/', '/events/1', '/service/2'];

test('the walk covers every route the server renders', () => {
  const rendered = ROUTE_TABLE.flatMap((facts: RouteFacts) => [facts.path, ...(facts.aliases ?? [])]).filter(rendersOnServer);
  expect(PAGES.map((page) => page.route).sort()).toEqual([...new Set(rendered)].sort());
});

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const withLang = (path: string, lang: 'en' | 'ar') => (lang === 'ar' ? `${path}${path.includes('?') ? '&' : '?'}lang=ar` : path);

type ServerWatch = { serverNodes: (Element | null)[]; rewritten: Set<Element> };

/**
 * The server's header, heading and first card, found before any script runs, for a check that hydration kept them;
 * and every element whose attributes are written from then on: `render` over the page would rewrite each attribute
 * of the nodes it reuses, `hydrate` writes none.
 */
async function keepServerNodes(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const watch = window as unknown as ServerWatch;
      watch.serverNodes = [document.querySelector('header'), document.querySelector('main h1, main h2'), document.querySelector('main li, main article')];
      watch.rewritten = new Set();
      new MutationObserver((records) => {
        for (const record of records) watch.rewritten.add(record.target as Element);
      }).observe(document.getElementById('root')!, { attributes: true, subtree: true });
    });
  });
}

/**
 * Opens a page the server rendered: on a loaded machine a render over its time limit gets the plain shell instead
 * (server/http/firstScreen.ts), which is not what these tests are about, so that case is opened again.
 */
/** The routes this worker's server has rendered a few times already (each worker has a server of its own). */
const warmedUp = new Set<string>();

async function openServerRendered(page: Page, path: string) {
  // The first renders of each page in a fresh server are the slow ones: over the server's time limit, it would send
  // the plain shell. Once per route and worker; the loop below still asks again for a page that came without.
  const route = path.split('?')[0]!;
  if (!warmedUp.has(route)) {
    for (let warm = 0; warm < 3; warm += 1) await page.request.get(path);
    warmedUp.add(route);
  }
  for (let attempt = 1; ; attempt += 1) {
    await open(page, path);
    const rendered = await page.evaluate(() => document.getElementById('first-screen') !== null);
    if (rendered || attempt === 5) return expect(rendered, `${path} came from the server`).toBe(true);
  }
}

/** For each of the server's nodes that the page has: still on screen, the same node, its attributes never written. */
const serverNodesKept = (page: Page) =>
  page.evaluate(() => {
    const { serverNodes, rewritten } = window as unknown as ServerWatch;
    const now = [document.querySelector('header'), document.querySelector('main h1, main h2'), document.querySelector('main li, main article')];
    return serverNodes.flatMap((node, index) => (node === null ? [] : [node === now[index] && node.isConnected && !rewritten.has(node)]));
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

/**
 * Each label's `for`, and each id an ARIA attribute refers to, names an element of the page; a closed dialog, out
 * of the page for every reader, renders its heading only once open.
 */
const referencesToNothing = (page: Page) =>
  page.evaluate(() => {
    const missing: string[] = [];
    const shown = (element: Element) => element.closest('dialog:not([open])') === null;
    for (const label of [...document.querySelectorAll('#root label[for]')].filter(shown)) {
      const id = label.getAttribute('for') ?? '';
      if (!document.getElementById(id)) missing.push(`label for=${id}`);
    }
    for (const attribute of ['aria-labelledby', 'aria-describedby', 'aria-controls']) {
      for (const element of [...document.querySelectorAll(`#root [${attribute}]`)].filter(shown)) {
        for (const id of (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) missing.push(`<${element.localName}> ${attribute}=${id}`);
        }
      }
    }
    return missing;
  });

/** Every open dialog has a name a screen reader announces. */
const unnamedOpenDialogs = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('#root dialog[open]')].filter((dialog) => {
      const named = (dialog.getAttribute('aria-labelledby') ?? '').split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim());
      return !named && !dialog.getAttribute('aria-label')?.trim();
    }).length,
  );

const SIZES = [
  { name: 'phone', size: PHONE },
  { name: 'kiosk', size: KIOSK },
] as const;

for (const lang of LANGS) {
  for (const { name, size } of SIZES) {
    const pages = name === 'phone' ? PAGES : PAGES.filter((page) => AT_KIOSK_SIZE.includes(page.path));
    for (const { path } of pages) {
      test(`${lang}, ${name}, ${path}: the client hydrates the server's page: its nodes and attributes kept, every attribute its render computes already in the page, every reference and dialog named, no console error`, async ({
        browser,
        baseURL,
      }) => {
        mkdirSync(SHOTS, { recursive: true });
        const problems: string[] = [];
        // A fresh browser: once a service worker controls the page, it answers navigations with its copy of the
        // page (tests/warm-start.spec.ts), and these tests are about the server's page.
        const context = await browser.newContext({ baseURL, viewport: size });
        // The walk is about the server's page: the home page's lead form, which opens by itself once the page has
        // settled, has its own suite (tests/leads.spec.ts).
        await skipLeadForm(context);
        const page = await context.newPage();
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        await keepServerNodes(page);
        await openServerRendered(page, withLang(path, lang));
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        const kept = await serverNodesKept(page);
        expect(kept.length).toBeGreaterThan(0);
        expect(kept).not.toContain(false);
        const attributes = await attributesDifferingFromClient(page);
        expect(attributes.compared).toBeGreaterThan(10);
        expect(attributes.differing).toEqual([]);
        expect(await referencesToNothing(page)).toEqual([]);
        expect(await unnamedOpenDialogs(page)).toBe(0);
        if (path.startsWith('/service/')) {
          await expect(page.getByRole('dialog', { name: fb(lang, 'title') })).toBeVisible();
        }
        const slug = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
        await checkScreen(page, 'main', `${SHOTS}/${slug}-${lang}-${name}.png`);
        await context.close();
        expect(problems).toEqual([]);
      });
    }
  }
}
