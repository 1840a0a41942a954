import { describe, expect, it } from 'vitest';
import { endpoint } from './endpoint';

describe('endpoint', () => {
  it('keeps the method and the pattern the server registers', () => {
    const call = endpoint('POST', 'terminals/:id/verify-pin');
    expect(call).toMatchObject({ method: 'POST', pattern: 'terminals/:id/verify-pin' });
  });

  it.each([
    [endpoint('GET', 'config').path(), 'config'],
    [endpoint('GET', 'events/:id/places').path({ id: 7 }), 'events/7/places'],
    [endpoint('GET', 'pages/:slug').path({ slug: 'about us/ä' }), 'pages/about%20us%2F%C3%A4'],
    [endpoint('GET', 'a/:first/b/:second').path({ first: 'x', second: 2 }), 'a/x/b/2'],
  ])('fills and encodes each segment: %s', (path, expected) => {
    expect(path).toBe(expected);
  });
});
