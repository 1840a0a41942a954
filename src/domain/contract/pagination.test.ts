import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageQuery } from './pagination';

describe('pageQuery', () => {
  it.each([
    [{}, 1, PAGE_SIZE],
    [{ page: '3', per_page: '20' }, 3, 20],
    [{ page: '0', per_page: '0' }, 1, PAGE_SIZE],
    [{ page: '-2', per_page: String(MAX_PAGE_SIZE + 1) }, 1, PAGE_SIZE],
    [{ page: 'x', per_page: '1.5' }, 1, PAGE_SIZE],
    [{ page: ['2', '3'], per_page: String(MAX_PAGE_SIZE) }, 1, MAX_PAGE_SIZE],
  ])('reads %j as page %i of %i', (query, page, perPage) => {
    expect(pageQuery.parse(query)).toEqual({ page, per_page: perPage });
  });
});
