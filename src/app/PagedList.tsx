import { type ReactNode } from 'react';
import type { Paginated } from '../domain/contract/pagination';
import { Pagination } from '../ui/Pagination';
import { DeviceCopyNote, LoadState } from './LoadState';
import type { ApiData } from './screenData';

type PagedListProps<T> = {
  /** A route loader's answer: `{ data: { data: [...], total_pages, current_page, … } }`. */
  state: ApiData<{ data: Paginated<T> }>;
  emptyText: string;
  listClassName: string;
  /** One `<li>` a item; the index tells the first items, which are above the fold. */
  renderItem: (item: T, index: number) => ReactNode;
};

/** One page of a list with its load state, an empty-list line, and the links to the other pages. */
export function PagedList<T>({ state, emptyText, listClassName, renderItem }: PagedListProps<T>) {
  if (state.status !== 'ready') return <LoadState state={state} />;
  const page = state.data.data;
  return (
    <>
      <DeviceCopyNote state={state} />
      {page.data.length === 0 ? <p className="empty-state">{emptyText}</p> : <ul className={listClassName}>{page.data.map(renderItem)}</ul>}
      <Pagination page={page.current_page} totalPages={page.total_pages} />
    </>
  );
}
