import { remoteConfigCall, remoteConfigResponse, type RemoteConfigFlags } from '../domain/contract/remoteConfig';
import { type ApiClient } from './client';

/** GET remote-config; null when the venue did not answer with the flags (the caller tries again later). */
export async function getRemoteConfig(api: ApiClient, signal: AbortSignal): Promise<RemoteConfigFlags | null> {
  const result = await api.call(remoteConfigCall.path(), { method: remoteConfigCall.method, schema: remoteConfigResponse, signal });
  return result.ok ? result.data.data : null;
}
