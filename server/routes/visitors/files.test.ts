import type * as fsPromises from 'node:fs/promises';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offerListResponse } from '../../../src/domain/contract/offersOutlets';
import { fileSaveResponse, type SavedFile, type VisitorEntry } from '../../../src/domain/contract/visitors';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { HEADERS } from '../../../src/domain/contract/headers';
import { endStaffSessionResponse, verifyPinResponse } from '../../../src/domain/contract/terminals';
import { staffSessions, terminals } from '../../db/schema/kiosk';
import { orders } from '../../db/schema/orders';
import { venues } from '../../db/schema/venue';
import { DEMO_TERMINAL } from '../../seed/terminals';
import { STAFF_SESSION_MINUTES } from '../kiosk/staffSessions';
import { uploadedFiles } from '../../db/schema/visitors';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { orderResult, orderTestApp, submitOrder } from '../orders/ordersTestSupport';

/** Makes a later file write fail half-way, as a full disk would: the file is created, its bytes are not. */
const failingWrite = vi.hoisted(() => ({ armed: false, writesBeforeFailure: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof fsPromises>();
  return {
    ...fs,
    writeFile: async (...args: Parameters<typeof fs.writeFile>) => {
      if (!failingWrite.armed) return fs.writeFile(...args);
      if (failingWrite.writesBeforeFailure-- > 0) return fs.writeFile(...args);
      failingWrite.armed = false;
      await fs.writeFile(args[0], '', args[2]);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    },
  };
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

function uploadBody(count: number) {
  const boundary = '----files-test-boundary';
  const parts = Array.from({ length: count }, (_, index) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="preUpload[${index}]"; filename="id-${index}.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from('\r\n'),
    ]),
  );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('visitor uploads belong to whoever uploaded them', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let uploadsDir: string;
  let owner: Headers;
  let stranger: Headers;

  const upload = async (headers: Headers, count = 1): Promise<SavedFile[]> => {
    const body = uploadBody(count);
    const response = await app.t.app.inject({ method: 'POST', url: '/api/v1/file/save/data', payload: body.payload, headers: { ...body.headers, ...headers } });
    expect(response.statusCode, response.body).toBe(200);
    return fileSaveResponse.parse(response.json()).data.files;
  };
  const read = (file: SavedFile, headers: Headers = {}) => app.t.app.inject({ method: 'GET', url: file.path, headers });

  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'owned-uploads-'));
    app = await orderTestApp({ uploadsDir });
    owner = await app.api.bearer('customer');
    stranger = await app.api.bearer('member');
  });
  afterAll(() => app.t.close());

  it('only the uploader reads a document back; to anyone else, signed in or not, it does not exist', async () => {
    const [document] = await upload(owner);
    if (!document) throw new Error('nothing stored');
    expect((await read(document, owner)).statusCode).toBe(200);
    for (const headers of [stranger, {}]) {
      const response = await read(document, headers);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('PNG');
    }
  });

  it('the order that uses a document is noted on it; another customer quoting its address gains nothing', async () => {
    const [document] = await upload(owner);
    if (!document) throw new Error('nothing stored');
    const offers = offerListResponse.parse((await app.t.app.inject({ url: '/api/v1/offers' })).json()).data.data;
    const offer = offers[0];
    if (!offer) throw new Error('the demo sells packages');
    const visitor: VisitorEntry = {
      name: 'Layla Haddad',
      email: 'layla@example.com',
      mobile_number: '501234567',
      country_code: '971',
      documents: [document],
      additional_fields: [],
      save_detail_for_future: false,
    };
    const line = { venue_id: app.venueId, product_type_id: PRODUCT_TYPE.offer, product_id: offer.id, offer_id: offer.id, quantity: 1, price: 0, tax_amount: 0, total_price: 0, customers: [visitor], addons: [], discount: null };
    orderResult(await submitOrder(app.t, { key: 'stranger-quotes-document', products: { offers: [line] }, headers: stranger }));
    const noted = async () => (await app.t.db.select({ orderId: uploadedFiles.orderId }).from(uploadedFiles).where(eq(uploadedFiles.storedName, document.path.split('/').pop() ?? '')))[0];
    expect((await noted())?.orderId).toBeNull();
    expect((await read(document, stranger)).statusCode).toBe(404);

    const placed = orderResult(await submitOrder(app.t, { key: 'owner-uses-document', products: { offers: [line] }, headers: owner }));
    const [order] = await app.t.db.select({ id: orders.id }).from(orders).where(eq(orders.token, placed.order_token));
    expect((await noted())?.orderId).toBe(order?.id);
    expect((await read(document, owner)).statusCode).toBe(200);
  });

  it('a batch whose second write fails half-way leaves no file and no record behind', async () => {
    const filesBefore = await readdir(uploadsDir);
    const rowsBefore = await app.t.db.select({ id: uploadedFiles.id }).from(uploadedFiles);
    Object.assign(failingWrite, { armed: true, writesBeforeFailure: 1 });
    const body = uploadBody(2);
    const response = await app.t.app.inject({ method: 'POST', url: '/api/v1/file/save/data', payload: body.payload, headers: { ...body.headers, ...owner } });
    expect(response.statusCode).toBe(500);
    expect(await readdir(uploadsDir)).toEqual(filesBefore);
    expect(await app.t.db.select({ id: uploadedFiles.id }).from(uploadedFiles)).toHaveLength(rowsBefore.length);
  });

  it('staff read the venue’s uploads with the staff token a right PIN opened, until it ends or runs out; any other token is a stranger', async () => {
    const [document] = await upload(owner);
    if (!document) throw new Error('nothing stored');
    const [terminal] = await app.t.db.select().from(terminals).where(eq(terminals.venueId, app.venueId));
    if (!terminal) throw new Error('no demo terminal');
    const pinCheck = (pin: string) => app.t.app.inject({ method: 'POST', url: `/api/v1/terminals/${terminal.publicId}/verify-pin`, payload: { pin } });
    const openSession = async () => verifyPinResponse.parse((await pinCheck(DEMO_TERMINAL.pin)).json()).data;
    const asStaff = (token: string) => ({ [HEADERS.staffToken]: token });
    const endSession = (token: string) => app.t.app.inject({ method: 'DELETE', url: `/api/v1/terminals/${terminal.publicId}/staff-session`, headers: asStaff(token) });

    const session = await openSession();
    expect(new Date(session.staff_token_expires_at).getTime() - app.clock.now().getTime()).toBe(STAFF_SESSION_MINUTES * 60_000);
    expect(await app.t.db.select({ tokenHash: staffSessions.tokenHash }).from(staffSessions)).not.toContainEqual({ tokenHash: session.staff_token });
    const read200 = await read(document, asStaff(session.staff_token));
    expect(read200.statusCode).toBe(200);
    expect(read200.headers['content-type']).toBe('image/png');

    // A wrong PIN opens nothing; made-up, tampered or overlong tokens are strangers.
    const wrongPin = await pinCheck('1357');
    expect(wrongPin.statusCode).toBe(422);
    expect(wrongPin.body).not.toContain('staff_token');
    const tampered = `${session.staff_token.slice(0, -1)}${session.staff_token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of ['', 'x'.repeat(43), tampered, `${session.staff_token}x`.repeat(20)]) expect((await read(document, asStaff(token))).statusCode).toBe(404);

    // Another venue's staff are strangers to this venue's uploads.
    const [venue] = await app.t.db.select().from(venues).where(eq(venues.id, app.venueId));
    if (!venue) throw new Error('no demo venue');
    const [other] = await app.t.db.insert(venues).values({ code: 'other-venue', vtoken: 'other-venue-token', config: venue.config }).returning();
    const [otherTerminal] = await app.t.db.insert(terminals).values({ venueId: other!.id, code: 'OTHER-1', name: 'Other', arName: 'آخر', pinHash: terminal.pinHash }).returning();
    const otherPin = await app.t.app.inject({ method: 'POST', url: `/api/v1/terminals/${otherTerminal!.publicId}/verify-pin`, payload: { pin: DEMO_TERMINAL.pin }, headers: { [HEADERS.visitorToken]: 'other-venue-token' } });
    expect(otherPin.statusCode).toBe(200);
    expect((await read(document, asStaff(verifyPinResponse.parse(otherPin.json()).data.staff_token))).statusCode).toBe(404);

    // The panel closing ends the session at once; ending it again, or with a stranger's token, ends nothing.
    expect(endStaffSessionResponse.parse((await endSession(session.staff_token)).json()).data.ended).toBe(true);
    expect((await read(document, asStaff(session.staff_token))).statusCode).toBe(404);
    expect(endStaffSessionResponse.parse((await endSession(session.staff_token)).json()).data.ended).toBe(false);
    expect(endStaffSessionResponse.parse((await endSession('made-up')).json()).data.ended).toBe(false);

    // A session nobody ended runs out by itself.
    const forgotten = await openSession();
    app.clock.advanceMinutes(STAFF_SESSION_MINUTES - 1);
    expect((await read(document, asStaff(forgotten.staff_token))).statusCode).toBe(200);
    app.clock.advanceMinutes(1);
    expect((await read(document, asStaff(forgotten.staff_token))).statusCode).toBe(404);
    // The next opening clears the terminal's sessions that ran out.
    await openSession();
    expect(await app.t.db.select({ id: staffSessions.id }).from(staffSessions).where(eq(staffSessions.terminalId, terminal.id))).toHaveLength(1);
  });
});
