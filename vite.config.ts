import { defineConfig, type Plugin, type Rolldown } from 'vite';
import preact from '@preact/preset-vite';
import { VitePWA } from 'vite-plugin-pwa';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { APP_CHUNK_ATTRIBUTE, withAppCode } from './src/domain/appCode';

/** The build's version, written to /version.json for the client's version check. */
const buildVersion = process.env.APP_VERSION ?? new Date().toISOString().replace(/[-:.TZ]/g, '');

function versionFile(): Plugin {
  return {
    name: 'version-file',
    config: () => ({ define: { __APP_VERSION__: JSON.stringify(buildVersion) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version: buildVersion }) });
    },
  };
}

/**
 * Server build only: each lazy screen of the router names the module it loads (`source`, its key in the client build's
 * manifest), so a server-rendered page links that screen's code and styles (server/http/firstScreen.ts).
 */
function screenSources(): Plugin {
  return {
    name: 'screen-sources',
    async transform(code, id) {
      if (!id.endsWith('/src/routes/router.tsx')) return null;
      let out = code;
      // Either quote: the TypeScript transform before this one prints double quotes.
      for (const [whole, , specifier] of code.matchAll(/\(\) => import\((['"])([^'"]+)\1\)/g)) {
        const resolved = await this.resolve(specifier!, id);
        if (!resolved) continue;
        const source = relative(process.cwd(), resolved.id).split(sep).join('/');
        out = out.replace(whole, `Object.assign(${whole}, { source: ${JSON.stringify(source)} })`);
      }
      return out;
    },
  };
}

/** The Latin faces every page shows (digits and punctuation too, in Arabic), 13 kB each. */
const FIRST_PAINT_FONTS = /^assets\/noto-sans-latin-(400|600)-normal-[\w-]+\.woff2$/;

/**
 * Preloads of the Latin faces in the head: found only in the inlined stylesheet's rules at the first layout, they were
 * asked for after the HTML was parsed and styled, and held the first paint of text for another round trip.
 */
function fontPreloads(): Plugin {
  return {
    name: 'font-preloads',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const links = Object.keys(context.bundle ?? {})
          .filter((file) => FIRST_PAINT_FONTS.test(file))
          .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`);
        // Ahead of the scripts, so they are among the first requests on a line of six connections.
        return html.replace('</title>', () => `</title>\n    ${links.join('\n    ')}`);
      },
    },
  };
}

/** The entries, and what only the page's script imports: none of it may join the `app` chunk, or the page's script would run the app. */
const ENTRY_MODULES = /[\\/](index\.html|src[\\/]main\.tsx|src[\\/]app[\\/]boot\.ts|src[\\/]domain[\\/]appCode\.ts|src[\\/]app[\\/]yieldToMain\.ts)$/;

/** The chunks `files` name and every chunk they import, each after what it imports (the order they are evaluated in). */
function withStaticImports(chunks: readonly Rolldown.OutputChunk[], files: readonly string[]): Rolldown.OutputChunk[] {
  const seen = new Set<string>();
  const ordered: Rolldown.OutputChunk[] = [];
  const visit = (file: string) => {
    const chunk = chunks.find((candidate) => candidate.fileName === file);
    if (!chunk || seen.has(file)) return;
    seen.add(file);
    for (const imported of chunk.imports) visit(imported);
    ordered.push(chunk);
  };
  for (const file of files) visit(file);
  return ordered;
}

/**
 * The page's script (src/app/boot.ts) imports the app only after the first paint, so the build does not link the app's
 * code and styles from index.html by itself: this links them as it would for a static import, each chunk after what
 * it imports. The styles are plain links (a server-rendered page inlines them); the code goes into the template the
 * page's script links once the page has painted (src/domain/appCode.ts), so it does not share the line with the HTML.
 */
function appLinks(): Plugin {
  return {
    name: 'app-links',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const app = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/src/main.tsx'));
        if (!app) return html;
        const appChunks = withStaticImports(chunks, [app.fileName]);
        const files = appChunks.map((chunk) => chunk.fileName);
        const styles = new Set(appChunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
        const stylesheets = [...styles].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
        // The chunks the app's entry imports, marked so the page's script evaluates them one a task before the entry.
        const code = files
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}"${file === app.fileName ? '' : ` ${APP_CHUNK_ATTRIBUTE}`}>`);
        return withAppCode(html.replace('</head>', () => `  ${stylesheets.join('\n    ')}\n  </head>`), code.join(''));
      },
    },
  };
}

/** The compressed copies' settings: at full strength, since they are made once at build time (see `compression` below). */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } };
const GZIP_OPTIONS = { level: 9 };

/**
 * V8's explicit compile hint (Chromium 136 on): a chunk whose first line it is has all its functions compiled while it
 * streams in, on a background thread. Without it, V8 compiles a function on the main thread the first time it is
 * called, and on a cold start that was most of the start's work: at 4x CPU, the hydration of `/events` took 367 ms
 * without it in one trace and 127 ms with it, the app chunk's evaluation 147 and 54 ms. On any other line V8 ignores it.
 * The entries and what they import, which every start runs at once; not the lazy chunks: compiling all of a route's or a
 * dialog's code as it comes down took the second core from the server on these machines, for no Lighthouse gain.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The one statement of Vite's loader of lazy code (vite:build-import-analysis) that puts a chunk's dependency in the head. */
const LOADER_APPENDS_LINK = 'document.head.appendChild(link);';

/**
 * Vite's loader of lazy code links a lazy chunk's dependencies all in one task: the booking dialog's ~15, loaded while
 * the page is idle, were one task of 40-150 ms at 4x CPU. Its JavaScript links go in a few a task instead
 * (`appendLinksInTasks`, as the page's script does with the app's); a stylesheet still goes in at once, since the
 * loader waits for it. The build fails if a new Vite no longer has the statement, rather than quietly link all at once.
 */
function lazyLinksInTasks(): Plugin {
  const helper = fileURLToPath(new URL('./src/app/yieldToMain.ts', import.meta.url));
  return {
    name: 'venue:lazy-links-in-tasks',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('vite/preload-helper')) return null;
      if (!code.includes(LOADER_APPENDS_LINK)) this.error(`Vite's loader of lazy code no longer has \`${LOADER_APPENDS_LINK}\``);
      return {
        code: `import { appendLinksInTasks } from ${JSON.stringify(helper)};\n${code.replace(LOADER_APPENDS_LINK, 'if (isCss) document.head.appendChild(link); else void appendLinksInTasks([link]);')}`,
        map: null,
      };
    },
  };
}

function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    // Part of a hinted chunk's name, like the rest of what it serves; every chunk's, since which ones get it is known
    // only once all are rendered.
    augmentChunkHash: () => COMPILE_HINT,
    // After Vite's own additions to a chunk's start (a lazy chunk's list of dependencies), which come after the
    // compressed copies are made: those are made again from the chunk as served.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
        for (const output of withStaticImports(chunks, entries)) {
          output.code = `${COMPILE_HINT}\n${output.code}`;
          const brotli = bundle[`${output.fileName}.br`];
          if (brotli?.type === 'asset') brotli.source = brotliCompressSync(output.code, BROTLI_OPTIONS);
          const gzip = bundle[`${output.fileName}.gz`];
          if (gzip?.type === 'asset') gzip.source = gzipSync(output.code, GZIP_OPTIONS);
        }
      },
    },
  };
}

const apiPort = process.env.PORT ?? '8080';

/** `vite build --ssr`: the server's renderer of the first screen (src/ssr/renderPage.tsx), no PWA or compressed copies. */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [preact({ prerender: { enabled: false } }), versionFile(), screenSources()] : [
    // The code is written against React's API and types; Preact renders it (docs/decisions.md, "Renderer"): React DOM
    // alone would take ~58 kB of the 150 kB budget of JavaScript before the home page is interactive.
    preact({ prerender: { enabled: false } }),
    versionFile(),
    fontPreloads(),
    appLinks(),
    compileHints(),
    lazyLinksInTasks(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
        globIgnores: ['version.json'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies made once at build time at full strength, so the server only picks a file by the
    // browser's Accept-Encoding (server/http/static.ts) and never compresses an asset per request.
    compression({
      algorithms: [defineAlgorithm('brotliCompress', BROTLI_OPTIONS), defineAlgorithm('gzip', GZIP_OPTIONS)],
      include: /\.(js|css|html|svg|json|webmanifest)$/,
      threshold: 512,
      skipIfLargerOrEqual: true,
    }),
  ],
  // One copy of Preact inside the renderer, whatever resolver the server runs under (tsx or node).
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${apiPort}`, '/media': `http://localhost:${apiPort}`, '/dev-idp': `http://localhost:${apiPort}` },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Which chunks each route needs, for the server-rendered page's modulepreload links (server/http/firstScreen.ts).
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      // The app is an entry of its own as well as the page's script's import, so its static imports make the shell's chunks.
      input: isSsrBuild ? undefined : { index: 'index.html', main: 'src/main.tsx' },
      output: {
        // One file per library the shell always needs, instead of a dozen small ones: every page loads them
        // before it is interactive, and one file compresses better than many (~1.3 kB gzipped less per page).
        codeSplitting: {
          groups: [
            // What the page's script needs before the app, whose chunk must not be evaluated with it: Vite's loader of
            // lazy code, its modulepreload polyfill and the yield between the app's chunks (src/app/boot.ts).
            { name: 'page-script', test: /vite[\\/](preload-helper|modulepreload-polyfill)|src[\\/]app[\\/]yieldToMain\.ts$/ },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // Styles stay out of it: the page's script imports the shell's styles, and must not import the app's code with them.
            { name: 'app', tags: ['$initial'], test: (id) => !ENTRY_MODULES.test(id) && !id.endsWith('.css') },
            { name: 'calls', test: /[\\/]src[\\/](api|domain[\\/]contract)[\\/]/ },
          ],
        },
      },
    },
  },
}));
