import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_NAMESPACES, NAMESPACES, ROUTE_TABLE, type Namespace } from '../domain/routeTable';
import { SHELL_NAMESPACES } from '../domain/firstScreen';
import { VALIDATION_NAMESPACE } from '../domain/validation/messages';

/**
 * Strings load per namespace (src/i18n/i18n.ts): a screen that looks up a key of a namespace its route does not load
 * would show nothing until the runtime net loads it. This reads the code the way the build splits it and checks every
 * route (src/domain/routeTable.ts) and every lazily loaded part with its own strings (`withStrings`) loads every
 * namespace its modules can name: `useTranslation(...)`, `ns` options and message objects, `<Trans ns>`, and any
 * `'namespace:key'` literal (prefixed keys and descriptors built in the domain or a machine and worded later).
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROUTER = join(ROOT, 'src/routes/router.tsx');
const MAIN = join(ROOT, 'src/main.tsx');
const KNOWN = new Set<string>(NAMESPACES);

const sources = new Map<string, string>();
const read = (file: string) => {
  let text = sources.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8');
    sources.set(file, text);
  }
  return text;
};

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const NAMESPACE_LIST = /\[([^\]]*)\]/;

/** The namespaces one file names by itself. */
function namedIn(file: string): Set<string> {
  const text = read(file);
  const found = new Set<string>();
  const add = (name: string | undefined) => {
    if (name && KNOWN.has(name)) found.add(name);
  };
  for (const [, args] of text.matchAll(/useTranslation\(([^)]*)\)/g)) {
    if (args!.trim() === '') add('common');
    for (const [, name] of args!.matchAll(/['"](\w+)['"]/g)) add(name);
  }
  for (const [, name] of text.matchAll(/\bns(?::\s*|=)['"](\w+)['"]/g)) add(name);
  for (const [, name] of text.matchAll(/['"`](\w+):[\w.$]/g)) add(name);
  if (text.includes('VALIDATION_NAMESPACE')) add(VALIDATION_NAMESPACE);
  return found;
}

/** A lazily loaded part that waits for its own strings: `withStrings(namespaces, () => import('...'))`. */
interface OwnStrings {
  module: string;
  namespaces: Set<string>;
  declaredIn: string;
}

/** The namespaces a `withStrings` call lists: an array literal, or a constant of this file or APP_NAMESPACES. */
function listedNamespaces(file: string, argument: string): Set<string> {
  if (argument === 'APP_NAMESPACES') return new Set(APP_NAMESPACES);
  const list = argument.startsWith('[') ? argument : NAMESPACE_LIST.exec(new RegExp(`const ${argument}\\s*=\\s*(\\[[^\\]]*\\])`).exec(read(file))?.[1] ?? '')?.[0];
  if (!list) throw new Error(`${relative(ROOT, file)}: cannot read the namespaces of withStrings(${argument}, ...)`);
  return new Set([...list.matchAll(/['"](\w+)['"]/g)].map(([, name]) => name!));
}

function ownStringsIn(file: string): OwnStrings[] {
  return [...read(file).matchAll(/withStrings\(\s*(\[[^\]]*\]|\w+)\s*,\s*\(\)\s*=>\s*import\(['"]([^'"]+)['"]\)/g)].map(([, argument, specifier]) => ({
    module: resolveModule(file, specifier!)!,
    namespaces: listedNamespaces(file, argument!),
    declaredIn: relative(ROOT, file),
  }));
}

/**
 * Every module a root's code can run, through static and lazy imports, stopping at parts that load their own strings
 * (checked on their own) and at the router's screens (each checked with its route).
 */
function reachable(root: string, { servicesOfMain = true } = {}): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = read(file);
    const ownParts = new Set(ownStringsIn(file).map((part) => part.module));
    const specifiers = [
      ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+['"]([^'"]+)['"]/gm)].map(([, specifier]) => specifier!),
      ...[...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map(([, specifier]) => specifier!),
      ...(file === ROUTER || (file === MAIN && !servicesOfMain) ? [] : [...text.matchAll(/import\(['"]([^'"]+)['"]\)/g)].map(([, specifier]) => specifier!)),
    ];
    for (const specifier of specifiers) {
      const target = resolveModule(file, specifier);
      if (target && !ownParts.has(target)) visit(target);
    }
  };
  visit(root);
  return seen;
}

const namedBy = (modules: Set<string>) => new Set([...modules].flatMap((file) => [...namedIn(file)]));

/** Which module names which namespace, for a failure a person can act on. */
function whoNames(modules: Set<string>, missing: string[]): string[] {
  return missing.flatMap((namespace) => [...modules].filter((file) => namedIn(file).has(namespace)).map((file) => `${namespace} <- ${relative(ROOT, file)}`));
}

/** The route table's paths with the screen module(s) router.tsx gives each, read from the router's own text. */
function screensOfRoutes(): Map<string, Set<string>> {
  const text = read(ROUTER);
  const groups = new Map<string, string>();
  for (const [, name, specifier] of text.matchAll(/const (\w+) = (?:screensOf|screen|lazyScreen)\(\(\) => import\(['"]([^'"]+)['"]\)/g)) {
    groups.set(name!, resolveModule(ROUTER, specifier!)!);
  }
  groups.set('builtInContent', groups.get('content')!);
  const table = text.slice(text.indexOf('const sectionPages = ['), text.indexOf('const routeTree ='));
  const paths = [...table.matchAll(/(?:path:\s*|\w\()['"](\/[^'"]*)['"]/g)].filter(([, path]) => ROUTE_TABLE.some((facts) => facts.path === path || ('aliases' in facts && (facts.aliases as readonly string[]).includes(path!))));
  const screens = new Map<string, Set<string>>();
  paths.forEach((match, index) => {
    // From the start of the line the path is on, so a helper's name before it (`builtInContent('/...')`) counts.
    const lineStart = (at: number | undefined) => (at === undefined ? table.length : table.lastIndexOf('\n', at) + 1);
    const entry = table.slice(lineStart(match.index), lineStart(paths[index + 1]?.index));
    const modules = new Set<string>();
    for (const [, specifier] of entry.matchAll(/import\(['"]([^'"]+)['"]\)/g)) {
      const target = resolveModule(ROUTER, specifier!);
      if (target && !target.endsWith('/loaders.ts')) modules.add(target);
    }
    for (const [name, module] of groups) if (new RegExp(`\\b${name}\\b(?!:)`).test(entry)) modules.add(module);
    const path = match[1]!;
    screens.set(path, new Set([...(screens.get(path) ?? []), ...modules]));
  });
  return screens;
}

const factsOf = (path: string) => ROUTE_TABLE.find((facts) => facts.path === path || ('aliases' in facts && (facts.aliases as readonly string[]).includes(path)))!;

describe('every screen loads the strings its code can name', () => {
  const shell = reachable(MAIN);
  const screens = screensOfRoutes();

  it('the scan finds what it looks for (prefixed keys, message objects, Trans, hooks), so an empty result means something', () => {
    const refusals = join(ROOT, 'src/domain/checkout/orderRefusals.ts');
    expect(namedIn(refusals)).toContain('booking');
    expect(namedIn(join(ROOT, 'src/app/account/GuestLoginDialog.tsx'))).toContain('account');
    expect(namedIn(join(ROOT, 'src/services/facilityBooking.ts'))).toContain('facilityBooking');
    expect(reachable(join(ROOT, 'src/routes/CartPage.tsx'))).toContain(refusals);
    expect(ownStringsIn(join(ROOT, 'src/features/booking/BookFacilityButton.tsx'))).toHaveLength(1);
  });

  it('router.tsx gives every route of the table a screen this scan can follow', () => {
    const without = ROUTE_TABLE.filter((facts) => facts.path !== '/404' && (screens.get(facts.path)?.size ?? 0) === 0).map((facts) => facts.path);
    expect(without).toEqual([]);
  });

  it('the shell (header, footer, dialogs over every page) names only the strings shipped with every first screen', () => {
    // The services main.tsx starts after the first screen (the cart, the outbox...) word nothing themselves: their
    // messages are shown by the cart's host or a screen, each checked below. Form checks' words load with every screen.
    const firstScreen = reachable(MAIN, { servicesOfMain: false });
    const missing = [...namedBy(firstScreen)].filter((namespace) => namespace !== VALIDATION_NAMESPACE && !(SHELL_NAMESPACES as readonly string[]).includes(namespace));
    expect(whoNames(firstScreen, missing)).toEqual([]);
  });

  for (const [path, modules] of screensOfRoutes()) {
    it(`${path} lists every namespace its screen can name`, () => {
      const code = new Set([...modules].flatMap((module) => [...reachable(module)]));
      const loaded = new Set<string>([...SHELL_NAMESPACES, VALIDATION_NAMESPACE, ...factsOf(path).namespaces]);
      const missing = [...namedBy(code)].filter((namespace) => !loaded.has(namespace));
      expect(whoNames(code, missing)).toEqual([]);
    });
  }

  const parts = [...new Set([...shell, ...[...screens.values()].flatMap((modules) => [...modules].flatMap((module) => [...reachable(module)]))])].flatMap(ownStringsIn);
  for (const part of parts) {
    it(`${relative(ROOT, part.module)} (loaded by ${part.declaredIn}) lists every namespace it can name`, () => {
      const code = reachable(part.module);
      const missing = [...namedBy(code)].filter((namespace) => !part.namespaces.has(namespace) && !(SHELL_NAMESPACES as readonly string[]).includes(namespace));
      expect(whoNames(code, missing)).toEqual([]);
    });
  }

  it('every namespace a list names exists', () => {
    const listed = [...ROUTE_TABLE.flatMap((facts) => facts.namespaces), ...parts.flatMap((part) => [...part.namespaces])] as Namespace[];
    expect(listed.filter((namespace) => !KNOWN.has(namespace))).toEqual([]);
  });
});
