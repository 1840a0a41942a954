import { searchCall, searchResponse, type SearchResult } from '../domain/contract/search';
import { type ApiClient } from './client';

/** A search that did not answer: the caller shows no suggestions at all, not "no results". */
export class SearchFailedError extends Error {
  override readonly name = 'SearchFailedError';
}

/** GET search/global; rejects with SearchFailedError when the call fails (including an aborted, superseded search). */
export async function searchGlobal(api: ApiClient, text: string, signal?: AbortSignal): Promise<SearchResult[]> {
  const result = await api.call(searchCall.path(), { method: searchCall.method, query: { search: text }, schema: searchResponse, signal });
  if (!result.ok) throw new SearchFailedError(result.message || `status ${result.status}`);
  return result.data.data.data;
}
