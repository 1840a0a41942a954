import { type FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { ORDER_MESSAGES } from './messages';

/** An order's product JSON can be long (a large cart with visitor details); files are not part of it. */
export const ORDER_FORM_LIMITS = { fields: 40, fieldSize: 512 * 1024, files: 0, parts: 40, headerPairs: 200 } as const;

/** The text fields of a multipart body; a repeated or cut field is refused rather than guessed at. */
export async function orderFormFields(request: FastifyRequest): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw new HttpError(415, ORDER_MESSAGES.notMultipart);
  const fields = new Map<string, string>();
  for await (const part of request.parts({ limits: ORDER_FORM_LIMITS })) {
    if (part.type === 'file') throw new HttpError(400, 'An order takes no files');
    if (part.valueTruncated || part.fieldnameTruncated) throw new HttpError(413, `${part.fieldname}: too long`);
    if (typeof part.value !== 'string') throw new HttpError(400, `${part.fieldname}: send plain text`);
    if (fields.has(part.fieldname)) throw new HttpError(400, `${part.fieldname}: sent more than once`);
    fields.set(part.fieldname, part.value);
  }
  return Object.fromEntries(fields);
}
