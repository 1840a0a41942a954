import * as z from 'zod/mini';
import { ROUTE_TABLE, type Namespace, type RouteFacts } from './routeTable';

/**
 * The server-rendered first screen (server/http/firstScreen.ts renders it, src/main.tsx hydrates it): which pages the
 * server renders, and the data it embeds in the page so the client starts without asking for it again.
 */

/** The id of the `<script type="application/json">` block; a data block, never executed, so the CSP allows it. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/**
 * Pages that show one customer's things, or a purchase under way, or a terminal's own setup: the server never knows
 * who asks (no token is used for its render), so these start on the client as before. Content pages too: their HTML
 * is cleaned by DOMPurify, which needs the browser's DOM.
 */
const CLIENT_ONLY_PATHS: ReadonlySet<string> = new Set([
  '/cart',
  '/paymentsuccess/$token',
  '/paymentfailed',
  '/kiosk/provision',
  '/terms-and-conditions',
  '/privacy-policy',
  '/contact-us',
  '/$slug',
]);

const factsOf = (routePath: string): RouteFacts | undefined =>
  ROUTE_TABLE.find((facts: RouteFacts) => facts.path === routePath || facts.aliases?.includes(routePath));

/** Whether the server renders the page of this route (a path of src/domain/routeTable.ts, such as '/events/$id'). */
export function rendersOnServer(routePath: string): boolean {
  const facts = factsOf(routePath);
  return facts !== undefined && facts.login !== true && !CLIENT_ONLY_PATHS.has(facts.path);
}

/**
 * The strings a server-rendered page carries: the shell's (the ones the client ships in English for every first
 * screen) and the route's own; the client loads the rest after the first screen as always.
 */
export const SHELL_NAMESPACES = ['common', 'ui', 'shell', 'pages', 'errors', 'leads', 'facilityBooking'] as const satisfies Namespace[];

export function firstScreenNamespaces(routePath: string): Namespace[] {
  return [...new Set<Namespace>([...SHELL_NAMESPACES, ...(factsOf(routePath)?.namespaces ?? [])])];
}

/** One GET answer as the API gave it, replayed to the client's first request of the same address. */
const embeddedAnswer = z.object({ status: z.number(), body: z.unknown() });

export const firstScreenData = z.object({
  lang: z.enum(['en', 'ar']),
  /** Namespace -> strings, in `lang`. */
  strings: z.record(z.string(), z.record(z.string(), z.unknown())),
  /** Address of a GET (path and query, as the API client asks for it) -> its answer. */
  answers: z.record(z.string(), embeddedAnswer),
  /**
   * The code-split parts the page shows (src/app/preloadable.ts), which the client loads before it hydrates; absent
   * from a page an older build rendered (a kept page), which is rendered over instead.
   */
  parts: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(32))),
});

export type FirstScreenData = z.infer<typeof firstScreenData>;
export type EmbeddedAnswer = z.infer<typeof embeddedAnswer>;

/**
 * JSON that cannot end the `<script>` element it sits in nor open a comment there: `<`, `>` and `&` as escapes,
 * and the two line separators JavaScript once refused in strings.
 */
export function embeddableJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
