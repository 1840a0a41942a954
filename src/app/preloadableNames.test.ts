import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The module an import specifier names, as a path from the project root (what the build's manifest keys by). */
function moduleOf(file: string, specifier: string): string | null {
  const base = resolve(dirname(file), specifier);
  const found = /\.tsx?$/.test(base) ? base : [`${base}.tsx`, `${base}.ts`].find((candidate) => existsSync(candidate));
  return found ? relative(root, found).split('\\').join('/') : null;
}

/** Every `preloadable(name, … import(specifier) …)` call in the app, with the module its loader imports. */
const calls = sourceFiles(join(root, 'src')).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/preloadable\(\s*'([^']+)',[^;]*?import\('([^']+)'\)/g)].map(([, name, specifier]) => ({
    file: relative(root, file),
    name: name!,
    module: moduleOf(file, specifier!),
  })),
);

describe('preloadable part names', () => {
  it('finds the parts the server renders (footer, booking modal, kiosk screens)', () => {
    expect(calls.length).toBeGreaterThanOrEqual(4);
  });

  it.each(calls)('$name ($file) is the module its loader imports, so the server can link its code and styles', ({ name, module }) => {
    expect(module).toBe(name);
  });

  it('are unique', () => {
    expect(new Set(calls.map((call) => call.name)).size).toBe(calls.length);
  });
});
