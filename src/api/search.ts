import { searchResponse, type SearchResult } from '../domain/contract/search';
import { type ApiClient } from './client';

/** GET search/global; any failure (including an aborted, superseded search) answers no suggestions. */
export async function searchGlobal(api: ApiClient, text: string, signal?: AbortSignal): Promise<SearchResult[]> {
  const result = await api.call('search/global', { query: { search: text }, schema: searchResponse, signal });
  return result.ok ? result.data.data.data : [];
}
