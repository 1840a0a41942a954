import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { onFirstUse } from './onFirstUse';
import { envelope } from './envelope';

describe('onFirstUse', () => {
  it('builds the schema at its first use, once', () => {
    const build = vi.fn(() => z.object({ id: z.int() }));
    const schema = onFirstUse(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.safeParse({ id: 1 }).success).toBe(true);
    expect(schema.safeParse({ id: 'one' }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('parses, composes and shows its shape like the schema it stands for', () => {
    const item = onFirstUse(() => z.object({ id: z.int(), name: z._default(z.string(), 'none') }));
    const answer = envelope(z.array(item));
    expect(answer.parse({ status: true, data: [{ id: 2 }] })).toEqual({ status: true, data: [{ id: 2, name: 'none' }] });
    expect(answer.safeParse({ status: true, data: [{ id: 'two' }] }).success).toBe(false);
    expect(Object.keys(z.object({ ...item.shape, extra: z.boolean() }).shape)).toEqual(['id', 'name', 'extra']);
    expect(z.optional(item).parse(undefined)).toBeUndefined();
  });
});
