import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { withAppCode } from '../../src/domain/appCode';
import type { VenueLook } from '../../src/domain/venueLook';
import { embeddableJson, FIRST_SCREEN_ELEMENT_ID } from '../../src/domain/firstScreen';
import type * as RendererModule from '../../src/ssr/renderPage';
import { escapeHtml } from './escapeHtml';

/** The build's server renderer (`vite build --ssr`, package.json "build"); never served as a file (static.ts). */
export const RENDERER_DIR = 'server';

/** Longer than this and the visitor gets the plain shell at once: a slow API must not hold the first screen back. */
export const RENDER_TIME_LIMIT_MS = 300;

type Renderer = typeof RendererModule.renderPage;
type RenderedPage = NonNullable<Awaited<ReturnType<Renderer>>>;

const ROOT = '<div id="root"></div>';

/**
 * A navigation's HTML: the build's index.html with the route's first screen rendered into it (src/ssr/renderPage.tsx),
 * in the asked language and direction, with the data it used embedded; or index.html as it is when the page starts on
 * the client, the render fails, or it takes longer than `timeLimitMs`. Never an error, never a long wait.
 */
export function firstScreenPages(
  app: FastifyInstance,
  distDir: string,
  { timeLimitMs = RENDER_TIME_LIMIT_MS, loadRenderer = () => importRenderer(distDir) }: { timeLimitMs?: number; loadRenderer?: () => Promise<Renderer | null> } = {},
) {
  const shell = readFileSync(join(distDir, 'index.html'), 'utf8');
  const manifest = readManifest(distDir);
  const styles = stylesheetsOf(distDir);
  // Loaded as the server starts, so the first visitors already get rendered pages.
  const renderer = loadRenderer().catch((error: unknown) => {
    app.log.error({ err: error }, 'the first-screen renderer could not be loaded; navigations get the plain shell');
    return null;
  });

  const inProcessFetch =
    (host: string): typeof globalThis.fetch =>
    async (input, init) => {
      const answer = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: String(input),
        headers: { ...Object.fromEntries(new Headers(init?.headers)), host },
      });
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.body, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? '') } });
    };

  async function render({ url, host }: { url: string; host: string }): Promise<string | null> {
    const renderPage = await renderer;
    if (!renderPage) return null;
    const page = await renderPage({ url, host, fetch: inProcessFetch(host) });
    const filled = page && fill(shell, page, screenLinks(manifest, page.screens, shell));
    return filled && inlineStylesheets(filled, styles);
  }

  // The first renders of a fresh process are several times slower than the next ones (code compiled on first use):
  // made once in each language (and a terminal's start page) as the server starts listening, they are not a first visitor's.
  app.addHook('onListen', async () => {
    for (const url of ['/', '/events?lang=ar', '/?mode=kiosk&attract=1&lang=en']) await render({ url, host: 'localhost' }).catch(() => null);
  });

  return async function pageFor(request: FastifyRequest): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeLimitMs);
    });
    try {
      return (await Promise.race([render({ url: request.url, host: request.hostname }), late])) ?? shell;
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'the first screen could not be rendered; serving the plain shell');
      return shell;
    } finally {
      clearTimeout(timer);
    }
  };
}

async function importRenderer(distDir: string): Promise<Renderer | null> {
  const file = join(distDir, RENDERER_DIR, 'renderPage.js');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as typeof RendererModule;
  await module.warmUp();
  return module.renderPage;
}

/** The chunks of a client build, as Vite's manifest (dist/.vite/manifest.json) lists them by source module. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

function readManifest(distDir: string): Manifest {
  try {
    return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {}; // A build without one still serves rendered pages; their screens' code loads as the app asks for it.
  }
}

/** Links for a page's screens: `styles` for its head, `code` for its template of app code (src/domain/appCode.ts). */
export type ScreenLinks = { styles: string; code: string };

/**
 * Links for the code and styles of the page's screens and what they import, so the rendered content is styled from
 * the first paint, and the screens' code is asked for with the app's, not after the app has started. What index.html
 * links already is left out.
 */
export function screenLinks(manifest: Manifest, screens: readonly string[], shell: string): ScreenLinks {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const screen of screens) visit(screen);
  const fresh = (file: string) => !shell.includes(`/${file}"`);
  return {
    styles: [...styles].filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join(''),
    code: [...scripts].filter(fresh).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''),
  };
}

/** The build's stylesheets by their address, read once: small, and every rendered page inlines some. */
function stylesheetsOf(distDir: string): Map<string, string> {
  const assets = join(distDir, 'assets');
  if (!existsSync(assets)) return new Map();
  return new Map(readdirSync(assets).filter((file) => file.endsWith('.css')).map((file) => [`/assets/${file}`, readFileSync(join(assets, file), 'utf8')]));
}

/**
 * The page's stylesheet links replaced by their rules: a linked stylesheet holds the first paint until it has come
 * down a line the app's scripts are also using, an inline one arrives with the HTML (the CSP allows inline styles,
 * never inline scripts). Each keeps its link, disabled: a browser never fetches a disabled stylesheet, and Vite's
 * loader of lazy code, which looks for a stylesheet's link before adding it, sees the rules are on the page already.
 * A stylesheet the build does not have, or one that could close the element early, stays a plain link.
 */
export function inlineStylesheets(html: string, styles: ReadonlyMap<string, string>): string {
  return html.replace(/<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g, (link, href: string) => {
    const rules = styles.get(href);
    return rules === undefined || /<\/style/i.test(rules) ? link : `<style>${rules}</style>${link.replace(/>$/, ' disabled>')}`;
  });
}

/** Cards of one size on a kiosk's first screen; more than this and the preloads would crowd out the app's code. */
const MOST_LEAD_IMAGES = 4;

/**
 * Preloads of the page's largest images (the ones its screen marks `fetchpriority="high"`: a hero, or the first cards
 * of a list, which are all the same size, so the last to paint is the largest paint), for the head before any
 * script: on a slow line the browser then asks for them first, instead of after the app's code has taken every
 * connection. Their attributes are copied as the renderer escaped them.
 */
export function leadImagePreloads(html: string): string {
  // One image twice (a terminal's attract screen over the home page's carousel) is one preload.
  const images = new Map(Array.from(html.matchAll(/<img\b[^>]*\bfetchpriority="high"[^>]*>/gi), ([image]) => [/\ssrc="([^"]*)"/i.exec(image)?.[1], image]));
  return [...images.values()]
    .slice(0, MOST_LEAD_IMAGES)
    .map((image) => {
      const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(image)?.[1];
      const src = attribute('src');
      if (!src) return '';
      const srcset = attribute('srcset');
      const sizes = attribute('sizes');
      const responsive = srcset ? ` imagesrcset="${srcset}"${sizes ? ` imagesizes="${sizes}"` : ''}` : '';
      return `<link rel="preload" as="image" href="${src}"${responsive} fetchpriority="high">`;
    })
    .join('');
}

/**
 * The venue's colours on the root, as the app sets them (src/app/theme.ts): painted in them from the first frame, and
 * the app's start then changes nothing (a changed root property restyles the whole page). A value that could end its
 * declaration is left to the app.
 */
function rootStyle(look: VenueLook): string {
  const declarations = Object.entries(look.properties).filter(([, value]) => !/[;{}\\]/.test(value));
  return declarations.length ? ` style="${escapeHtml(declarations.map(([name, value]) => `${name}:${value}`).join(';'))}"` : '';
}

function fill(shell: string, page: RenderedPage, links: ScreenLinks): string | null {
  if (!shell.includes(ROOT)) return null;
  const data = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${embeddableJson(page.data)}</script>`;
  const firstInHead = leadImagePreloads(page.html);
  const head = shell.indexOf('</head>');
  const firstScript = shell.indexOf('<script');
  const at = firstScript >= 0 && firstScript < head ? firstScript : head;
  return withAppCode(shell.slice(0, at) + firstInHead + shell.slice(at), links.code)
    .replace(/<html[^>]*>/, `<html lang="${page.lang}" dir="${page.dir}"${page.kiosk ? ' data-mode="kiosk"' : ''}${rootStyle(page.look)}>`)
    .replace(/<meta name="theme-color" content="[^"]*"/, () => `<meta name="theme-color" content="${escapeHtml(page.look.themeColor)}"`)
    .replace(/<link rel="icon"[^>]*>/, (link) => (page.look.favicon ? `<link rel="icon" href="${escapeHtml(page.look.favicon)}">` : link))
    .replace('</head>', () => `${links.styles}</head>`)
    .replace(ROOT, () => `<div id="root">${page.html}</div>${data}`);
}
