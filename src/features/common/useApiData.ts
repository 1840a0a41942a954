import { useEffect, useState } from 'react';
import type { ApiResult } from '../../api/client';

export type ApiData<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string; code: number };

/** Runs one API call for a screen and re-runs it when its key changes; a stale answer never lands. */
export function useApiData<T>(key: string, load: () => Promise<ApiResult<T>>): ApiData<T> {
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void load().then((result) => {
      if (!current) return;
      setState(result.ok ? { status: 'ready', data: result.data } : { status: 'error', message: result.message, code: result.status });
    });
    return () => {
      current = false;
    };
    // The key names everything the call depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
