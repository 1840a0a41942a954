import type { DeviceBackedResult } from '../services/deviceCopy';

/**
 * A screen's data as its route loader answered (the router shows a pending page until then). `savedAt` is set when
 * the data is the copy this device kept, shown because the network failed.
 */
export type ApiData<T> =
  | { status: 'ready'; data: T; savedAt?: number }
  | { status: 'error'; message: string; code: number };

type AnswerData<R> = R extends { ok: true; data: infer T } ? T : never;

/** What a route's loader answered, as a screen shows it. */
export function screenData<R extends DeviceBackedResult<unknown>>(result: R): ApiData<AnswerData<R>> {
  if (!result.ok) return { status: 'error', message: result.message, code: result.status };
  const data = result.data as AnswerData<R>;
  return result.savedAt === undefined ? { status: 'ready', data } : { status: 'ready', data, savedAt: result.savedAt };
}
