export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The names of a pattern's `:name` segments: 'terminals/:id/verify-pin' → 'id'. */
type ParamName<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamName<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<Pattern extends string> = Record<ParamName<Pattern>, string | number>;

export type Endpoint<Method extends HttpMethod = HttpMethod, Pattern extends string = string> = {
  method: Method;
  /** Under /api/v1/, with `:name` segments as the server's router writes them. */
  pattern: Pattern;
  /** The pattern with each segment filled in and URL-encoded; no argument when it has none. */
  path: (...params: [ParamName<Pattern>] extends [never] ? [] : [PathParams<Pattern>]) => string;
};

/** A call of the venue API, declared once: the client builds its path from it and the server registers its route by it. */
export function endpoint<Method extends HttpMethod, Pattern extends string>(method: Method, pattern: Pattern): Endpoint<Method, Pattern> {
  return {
    method,
    pattern,
    path: (...[params]: [Record<string, string | number>?]) =>
      pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? '')),
  };
}
