import { defineConfig, type Plugin } from 'vite';
import preact from '@preact/preset-vite';
import { VitePWA } from 'vite-plugin-pwa';
import { relative, sep } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

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

const ENTRY_MODULES = /[\\/](index\.html|src[\\/]main\.tsx)$/;

const apiPort = process.env.PORT ?? '8080';

/** `vite build --ssr`: the server's renderer of the first screen (src/ssr/renderPage.tsx), no PWA or compressed copies. */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [preact({ prerender: { enabled: false } }), versionFile(), screenSources()] : [
    // The code is written against React's API and types; Preact renders it (docs/decisions.md, "Renderer"): React DOM
    // alone would take ~58 kB of the 150 kB budget of JavaScript before the home page is interactive.
    preact({ prerender: { enabled: false } }),
    versionFile(),
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
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
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
      output: {
        // One file per library the shell always needs, instead of a dozen small ones: every page loads them
        // before it is interactive, and one file compresses better than many (~1.3 kB gzipped less per page).
        codeSplitting: {
          groups: [
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'app', tags: ['$initial'], test: (id) => !ENTRY_MODULES.test(id) },
            { name: 'calls', test: /[\\/]src[\\/](api|domain[\\/]contract)[\\/]/ },
          ],
        },
      },
    },
  },
}));
