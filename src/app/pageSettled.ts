import { useEffect, useState } from 'react';
import { whenPageSettled } from './whenIdle';

/** Whether the page has settled (`whenPageSettled`), counted from the component's first effect. */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenPageSettled(() => setSettled(true)), []);
  return settled;
}
