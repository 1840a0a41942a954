import { describe, expect, it } from 'vitest';
import { isEmbeddedAnswer, primeAnswers, readFirstScreen, takeAnswer } from './firstScreen';

const pageWith = (text: string | null) => ({ getElementById: () => (text === null ? null : { textContent: text }) }) as unknown as Document;

describe('the embedded first screen', () => {
  it('reads the block the server wrote, and nothing from a missing or unreadable one', () => {
    const data = { lang: 'ar', strings: { common: { ok: 'حسنًا' } }, answers: {} };
    expect(readFirstScreen(pageWith(JSON.stringify(data)))).toEqual(data);
    expect(readFirstScreen(pageWith(null))).toBeNull();
    expect(readFirstScreen(pageWith('{not json'))).toBeNull();
    expect(readFirstScreen(pageWith(JSON.stringify({ ...data, lang: 'fr' })))).toBeNull();
  });

  it("answers the first GET of each embedded address once, as the server's API answered it; then the network", async () => {
    primeAnswers({ '/api/v1/events?page=1': { status: 200, body: { status: true, data: { data: [] } } } });
    expect(takeAnswer('/api/v1/events?page=2', undefined)).toBeNull();
    expect(takeAnswer('/api/v1/events?page=1', { method: 'POST' })).toBeNull();
    const answer = takeAnswer('/api/v1/events?page=1', { method: 'GET' });
    expect(answer?.status).toBe(200);
    expect(await answer?.json()).toEqual({ status: true, data: { data: [] } });
    expect(takeAnswer('/api/v1/events?page=1', undefined)).toBeNull();
  });

  it('tells its own replies (validated when the server sent them) from any other answer', () => {
    primeAnswers({ '/api/v1/config': { status: 200, body: { status: true, data: {} } } });
    const embedded = takeAnswer('/api/v1/config', undefined);
    expect(embedded && isEmbeddedAnswer(embedded)).toBe(true);
    expect(isEmbeddedAnswer(new Response('{}', { status: 200 }))).toBe(false);
  });
});
