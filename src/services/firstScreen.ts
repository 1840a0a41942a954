import { FIRST_SCREEN_ELEMENT_ID, firstScreenData, type EmbeddedAnswer, type FirstScreenData } from '../domain/firstScreen';

/**
 * The GET answers the server used to render this page (src/domain/firstScreen.ts), each given once to the first
 * request of its address: the client's start asks for the same config and screen data, and gets them without a
 * second trip. A later request of the same address (a refresh, a revisit) goes to the network as always.
 */
const waiting = new Map<string, EmbeddedAnswer>();
/** The replies made from embedded answers: the server sent them through the contract's schemas already. */
const replayed = new WeakSet<Response>();

export function primeAnswers(answers: Record<string, EmbeddedAnswer>): void {
  for (const [address, answer] of Object.entries(answers)) waiting.set(address, answer);
}

/** The embedded answer for this request, taken, or null when it must go to the network. */
export function takeAnswer(input: RequestInfo | URL, init: RequestInit | undefined): Response | null {
  if (waiting.size === 0 || (init?.method ?? 'GET').toUpperCase() !== 'GET') return null;
  const address = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
  const answer = waiting.get(address);
  if (!answer) return null;
  waiting.delete(address);
  const response = new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  replayed.add(response);
  return response;
}

/** Whether this reply is an answer the server embedded in its page (validated when the server sent it). */
export function isEmbeddedAnswer(response: Response): boolean {
  return replayed.has(response);
}

/** The data the server embedded in this page, or null: no block (the plain shell, the service worker's copy) or an unreadable one. */
export function readFirstScreen(document: Document): FirstScreenData | null {
  const text = document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = firstScreenData.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
