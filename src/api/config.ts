import { configCall, configResponse, type ConfigResponse } from '../domain/contract/config';
import { type ApiClient, type ApiResult } from './client';

/** GET config, kept in memory for the visit; `reload` fetches it again and keeps the new answer. */
export function getConfig(api: ApiClient, options: { reload?: boolean } = {}): Promise<ApiResult<ConfigResponse>> {
  return api.call(configCall.path(), { method: configCall.method, schema: configResponse, cache: options.reload ? 'reload' : true });
}
