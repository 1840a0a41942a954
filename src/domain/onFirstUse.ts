/**
 * An object built the first time anything uses it, not when its module loads. A schema of the contract (a parse, a
 * schema composed of it, its shape): the `calls` chunk holds some 300 schemas and is evaluated when the route loaders
 * load, though a screen parses one or two answers (and none on a server-rendered page: its answers are embedded,
 * src/services/firstScreen.ts). A machine of the app's start (`createMachine` builds every state node): built as its
 * start step provides it, in a task of its own, not in the app's evaluation. The stand-in forwards every read to the
 * built object, so zod, xstate, the server and the types see the object itself.
 */
/* @__NO_SIDE_EFFECTS__ */
export function onFirstUse<T extends object>(build: () => T): T {
  let built: T | undefined;
  const object = () => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(object(), key),
    has: (_, key) => Reflect.has(object(), key),
  });
}
