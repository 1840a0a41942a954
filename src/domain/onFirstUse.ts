import type * as z from 'zod/mini';

/**
 * A schema built the first time anything uses it (a parse, a schema composed of it, its shape), not when its module
 * loads: a module of the contract costs only its endpoints until one of its schemas is needed. The `calls` chunk holds
 * some 300 schemas and is evaluated when the route loaders load, though a screen parses one or two answers (and none
 * on a server-rendered page: its answers are embedded, src/services/firstScreen.ts). The stand-in forwards every read
 * to the built schema, so zod, the server and the types see the schema itself.
 */
/* @__NO_SIDE_EFFECTS__ */
export function onFirstUse<S extends z.ZodMiniType>(build: () => S): S {
  let schema: S | undefined;
  const built = () => (schema ??= build());
  return new Proxy({} as S, {
    get: (_, key) => Reflect.get(built(), key),
    has: (_, key) => Reflect.has(built(), key),
  });
}
