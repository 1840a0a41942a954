import { useSyncExternalStore } from 'react';
import { connectivity } from '../services/apiInstance';

function subscribeOnline(listener: () => void) {
  connectivity.addEventListener('online', listener);
  connectivity.addEventListener('offline', listener);
  return () => {
    connectivity.removeEventListener('online', listener);
    connectivity.removeEventListener('offline', listener);
  };
}

/** Whether the venue can be reached now (services/connectivity: the browser's word, corrected by every call). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => connectivity.online);
}
