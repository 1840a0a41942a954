import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { type OrderProducts } from '../../../src/domain/contract/orders';
import { fileSaveCall, fileSaveResponse, type SavedFile, type VisitorEntry } from '../../../src/domain/contract/visitors';
import { messageText } from '../../../src/domain/validation/messageText';
import { UPLOAD_TYPES } from '../../../src/domain/validation/upload';
import { type Database } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { uploadedFiles } from '../../db/schema/visitors';
import { type AppContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { loginFirst, requireCustomer } from '../../http/auth';
import { serve } from '../../http/serve';
import { HEADERS } from '../../../src/domain/contract/headers';
import { headerValue, staffVenueOf } from '../kiosk/staffSessions';

/** Next to package.json, beside the embedded database (both under the git-ignored data/). */
export const DEFAULT_UPLOADS_DIR = fileURLToPath(new URL('../../../data/uploads', import.meta.url));

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const UPLOAD_MAX_FILES = 10;

export const FILE_MESSAGES = {
  tooLarge: 'The file is too large. The maximum size is 5 MB.',
  noFile: 'No file was sent',
  notFound: 'File not found',
  notMultipart: 'Files must be sent as multipart form data',
  unexpectedField: 'Send files as preUpload[0], preUpload[1]… and their types as types[]',
  invalidType: messageText({ key: 'upload.invalidType', values: { types: UPLOAD_TYPES.map((type) => type.name).join(', ') } }),
} as const;

/** Where GET serves a stored file back to its owner; the generated name is the only key, so nothing else on disk is reachable. */
export const FILES_ROUTE = '/files';

type StoredType = { mime: string; extension: string };

/** The bytes decide, never the name or the declared type: a renamed executable is still refused. */
export function sniffUploadType(bytes: Uint8Array): StoredType | null {
  const startsWith = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (startsWith(0xff, 0xd8, 0xff)) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { mime: 'image/png', extension: 'png' };
  if (startsWith(0x25, 0x50, 0x44, 0x46, 0x2d)) return { mime: 'application/pdf', extension: 'pdf' };
  return null;
}

/** The visitor's own file name, shown back to them: no folders, no control characters, not endless. */
function displayName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean === '' ? fallback : clean;
}

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|pdf)$/;
const FILE_FIELD = /^preUpload\[\d+\]$/;

type Received = { name: string; bytes: Buffer };

async function receiveFiles(request: FastifyRequest): Promise<Received[]> {
  if (!request.isMultipart()) throw new HttpError(415, FILE_MESSAGES.notMultipart);
  const received: Received[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!FILE_FIELD.test(part.fieldname)) throw new HttpError(400, FILE_MESSAGES.unexpectedField);
        const bytes = await part.toBuffer();
        received.push({ name: displayName(part.filename, part.fieldname), bytes });
      } else if (part.fieldname !== 'types[]') {
        // types[] carries the client's idea of each file's type; only the bytes are trusted, so it is read and let be.
        throw new HttpError(400, FILE_MESSAGES.unexpectedField);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, FILE_MESSAGES.tooLarge);
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new HttpError(413, `At most ${UPLOAD_MAX_FILES} files at once`);
    throw error;
  }
  if (received.length === 0) throw new HttpError(400, FILE_MESSAGES.noFile);
  return received;
}

export type FileRoutesOptions = AppContext & { uploadsDir: string };

/** POST file/save/data (jpeg, png and pdf up to 5 MB, checked by their bytes) and GET files/{name} for its owner, or the venue's staff (a staff session, kiosk/staffSessions.ts), to read one back. */
export const visitorFileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, { db, now, uploadsDir }) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: 20, fieldSize: 200, parts: 40 } });

  serve(app, fileSaveCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const venue = await requireVenue(db, request);
    const received = await receiveFiles(request);
    // Every file is checked before any is kept, so a refused batch leaves nothing behind.
    const typed = received.map((file) => {
      const type = sniffUploadType(file.bytes);
      if (!type) throw new HttpError(422, FILE_MESSAGES.invalidType);
      return { ...file, type, storedName: `${randomUUID()}.${type.extension}` };
    });
    await mkdir(uploadsDir, { recursive: true });
    const written: string[] = [];
    try {
      for (const file of typed) {
        // Noted before the write: a write that fails half-way still leaves a file to remove.
        written.push(file.storedName);
        await writeFile(join(uploadsDir, file.storedName), file.bytes, { flag: 'wx' });
      }
      await db.insert(uploadedFiles).values(
        typed.map((file) => ({
          venueId: venue.id,
          customerId: customer.id,
          originalName: file.name,
          storedName: file.storedName,
          mimeType: file.type.mime,
          size: file.bytes.length,
          createdAt: now(),
        })),
      );
    } catch (error) {
      await Promise.all(written.map((name) => unlink(join(uploadsDir, name)).catch(() => undefined)));
      throw error;
    }
    const saved: SavedFile[] = typed.map((file) => ({ name: file.name, path: `/api/v1${FILES_ROUTE}/${file.storedName}`, type: file.type.mime, size: file.bytes.length }));
    return sendParsed(reply, fileSaveResponse, { status: true, data: { files: saved } });
  }, { onRequest: loginFirst });

  app.get<{ Params: { name: string } }>(`${FILES_ROUTE}/:name`, async (request, reply) => {
    const { name } = request.params;
    // Someone else's document answers exactly as a missing one: its address alone reveals nothing.
    const reader = request.customer;
    const staffVenue = await staffVenueOf(db, headerValue(request.headers[HEADERS.staffToken.toLowerCase()]), now());
    if (!STORED_NAME.test(name) || (!reader && staffVenue === null)) throw notFound(FILE_MESSAGES.notFound);
    const readers = [
      ...(reader ? [eq(uploadedFiles.customerId, reader.id), eq(orders.customerId, reader.id)] : []),
      ...(staffVenue === null ? [] : [eq(uploadedFiles.venueId, staffVenue)]),
    ];
    const [row] = await db
      .select({ storedName: uploadedFiles.storedName, mimeType: uploadedFiles.mimeType })
      .from(uploadedFiles)
      .leftJoin(orders, eq(orders.id, uploadedFiles.orderId))
      .where(and(eq(uploadedFiles.storedName, name), or(...readers)))
      .limit(1);
    if (!row) throw notFound(FILE_MESSAGES.notFound);
    const bytes = await readFile(join(uploadsDir, name)).catch(() => null);
    if (!bytes) throw notFound(FILE_MESSAGES.notFound);
    return reply
      .header('content-type', row.mimeType)
      .header('content-disposition', `inline; filename="${row.storedName}"`)
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
};

/**
 * Notes the order that uses the visitors' documents, among the files its customer uploaded; a path naming another
 * customer's file is left alone, so quoting an address in an order gives no access to it.
 */
export async function attachUploadsToOrder(tx: Database, order: { id: number; customerId: number }, products: OrderProducts) {
  const visitors = Object.values(products).flatMap((lines: readonly { customers: readonly VisitorEntry[] }[]) => lines.flatMap((line) => line.customers));
  const storedNames = visitors.flatMap((visitor) => visitor.documents.map((document) => document.path.split('/').pop() ?? '')).filter((name) => STORED_NAME.test(name));
  if (storedNames.length === 0) return;
  await tx
    .update(uploadedFiles)
    .set({ orderId: order.id })
    .where(and(inArray(uploadedFiles.storedName, storedNames), eq(uploadedFiles.customerId, order.customerId), isNull(uploadedFiles.orderId)));
}
