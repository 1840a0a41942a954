import { describe, expect, it } from 'vitest';
import { hydratesServerPage } from './hydration';

describe('which server pages the client hydrates', () => {
  it.each([
    ['/', true],
    ['/events', true],
    ['/events/1', true],
    ['/events/12/', true],
    ['/service/2', false],
    ['/events/1/tickets', false],
    ['/memberships', false],
    ['/eventsx', false],
  ])('%s -> %s', (pathname, hydrates) => {
    expect(hydratesServerPage(pathname)).toBe(hydrates);
  });
});
