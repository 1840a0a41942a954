import { timeCheck, verifyTimeCall, verifyTimeResponse, type TimeCheck } from '../domain/contract/time';
import { type ApiClient } from './client';

/** GET verify-time. A failed answer still carries both times in its `data`; null when neither answer has them. */
export async function verifyTime(api: ApiClient): Promise<TimeCheck | null> {
  const result = await api.call(verifyTimeCall.path(), { method: verifyTimeCall.method, schema: verifyTimeResponse });
  if (result.ok) return result.data.data;
  const body = result.body;
  const fromError = timeCheck.safeParse(typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined);
  return fromError.success ? fromError.data : null;
}
