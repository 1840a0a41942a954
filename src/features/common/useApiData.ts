import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import type { ApiResult } from '../../api/client';
import { withDeviceCopy, type DeviceBackedResult } from '../../services/deviceCopy';

/** `savedAt` is set when the data is the copy this device kept, shown because the network failed. */
export type ApiData<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; savedAt?: number }
  | { status: 'error'; message: string; code: number };

/** Runs one API call for a screen and re-runs it when its key changes; a stale answer never lands. */
export function useApiData<T>(key: string, load: () => Promise<DeviceBackedResult<T>>): ApiData<T> {
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void load().then((result) => {
      if (!current) return;
      if (!result.ok) setState({ status: 'error', message: result.message, code: result.status });
      else setState(result.savedAt === undefined ? { status: 'ready', data: result.data } : { status: 'ready', data: result.data, savedAt: result.savedAt });
    });
    return () => {
      current = false;
    };
    // The key names everything the call depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}

/**
 * Venue information (catalogue, services, offers) for a screen: kept on the device as it arrives and shown from there,
 * with its age, when the network is gone. Never for anything personal.
 */
export function useVenueData<T>(key: string, load: () => Promise<ApiResult<T>>, schema: z.ZodMiniType<T>): ApiData<T> {
  return useApiData(key, () => withDeviceCopy(`venue:${key}`, load, schema));
}
