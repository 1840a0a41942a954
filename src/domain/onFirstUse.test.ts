import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createActor, setup } from 'xstate';
import { onFirstUse } from './onFirstUse';
import { envelope } from './contract/envelope';

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

  it('stands for a machine: its actors run, provided or not, and it is built once', () => {
    const build = vi.fn(() =>
      setup({ actions: { count: () => {} } }).createMachine({
        id: 'switch',
        initial: 'off',
        states: { off: { on: { flip: { target: 'on', actions: 'count' } } }, on: {} },
      }),
    );
    const machine = onFirstUse(build);
    expect(build).not.toHaveBeenCalled();
    const plain = createActor(machine).start();
    plain.send({ type: 'flip' });
    expect(plain.getSnapshot().value).toBe('on');
    const count = vi.fn();
    const provided = createActor(machine.provide({ actions: { count } })).start();
    provided.send({ type: 'flip' });
    expect(provided.getSnapshot().matches('on')).toBe(true);
    expect(count).toHaveBeenCalledTimes(1);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
