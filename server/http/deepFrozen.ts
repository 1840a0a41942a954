/**
 * `value` deeply frozen, for answers one process shares between requests: a caller that changed a shared answer
 * fails at once instead of changing the next request's.
 */
export function deepFrozen<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (value instanceof Map) {
    for (const [key, entry] of value) {
      deepFrozen(key);
      deepFrozen(entry);
    }
  }
  for (const entry of Object.values(value)) deepFrozen(entry);
  return Object.freeze(value);
}
