import { useEffect, useState } from 'react';
import type { DeviceBackedResult } from '../services/deviceCopy';

/** `savedAt` is set when the data is the copy this device kept, shown because the network failed. */
export type ApiData<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; savedAt?: number }
  | { status: 'error'; message: string; code: number };

type AnswerData<R> = R extends { ok: true; data: infer T } ? T : never;

/** What a route's loader answered, as a screen shows it. */
export function screenData<R extends DeviceBackedResult<unknown>>(result: R): ApiData<AnswerData<R>> {
  if (!result.ok) return { status: 'error', message: result.message, code: result.status };
  const data = result.data as AnswerData<R>;
  return result.savedAt === undefined ? { status: 'ready', data } : { status: 'ready', data, savedAt: result.savedAt };
}

/** Runs one API call for a screen and re-runs it when its key changes; a stale answer never lands. */
export function useApiData<T>(key: string, load: () => Promise<DeviceBackedResult<T>>): ApiData<T> {
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void load().then((result) => {
      if (current) setState(screenData<DeviceBackedResult<T>>(result));
    });
    return () => {
      current = false;
    };
    // The key names everything the call depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
