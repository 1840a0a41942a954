import type * as z from 'zod/mini';
import { pageCall, pageResponse } from '../domain/contract/pages';
import { type ApiClient, type ApiResult } from './client';

/** GET pages/{slug}; a 404 or 409 failure means the not-found page. */
export function getPage(api: ApiClient, slug: string): Promise<ApiResult<z.output<typeof pageResponse>>> {
  return api.call(pageCall.path({ slug }), { method: pageCall.method, schema: pageResponse });
}
