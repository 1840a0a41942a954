import { type FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { HttpError } from './errors';
import { containsNul, NUL_REFUSED } from './malformedInput';

// zod/mini carries no message texts (the client never shows them); the API answers its callers in English.
z.config(z.locales.en());

/** One line per problem, e.g. `search: Too big: expected string to have <=100 characters`. */
export function summariseIssues(issues: readonly z.core.$ZodIssue[], subject: string): string {
  return issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : subject}: ${issue.message}`).join('; ');
}

/** Parses what the client sent (query, params, body); a mismatch answers 400 with the reasons. */
export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown, subject: string): z.output<S> {
  if (containsNul(value)) throw new HttpError(400, `${subject}: ${NUL_REFUSED}`);
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, summariseIssues(result.error.issues, subject));
  return result.data;
}

/** Every answer goes through its contract schema, so the server never sends what the client would reject. */
export function sendParsed<S extends z.ZodMiniType>(reply: FastifyReply, schema: S, body: z.input<S>, statusCode = 200) {
  return reply.code(statusCode).send(schema.parse(body));
}
