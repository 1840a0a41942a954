export const NUL_REFUSED = 'Text may not contain the NUL character (\\u0000 or %00); remove it and send again';
export const MULTIPART_UNREADABLE = 'The multipart form could not be read: send multipart/form-data with a boundary of 1 to 70 characters and complete parts';

/** Whether any string in the value (keys included, however deeply nested) holds a NUL, which PostgreSQL text refuses. */
export function containsNul(value: unknown): boolean {
  // A queue rather than recursion: a deeply nested body must not exhaust the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
