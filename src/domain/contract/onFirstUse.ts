import type * as z from 'zod/mini';

/**
 * A schema built the first time anything uses it (a parse, a schema composed of it, its shape), not when its module
 * loads. Building the contract's schemas at module load was most of the app's start on a phone (~0.25 s at 4x CPU
 * for the shell's few, the `calls` chunk's hundreds again when the route loaders loaded), though a start parses one or
 * two answers, and none on a server-rendered page (its answers are embedded: src/services/firstScreen.ts).
 * The stand-in forwards every read to the built schema, so zod, the server and the types see the schema itself.
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
