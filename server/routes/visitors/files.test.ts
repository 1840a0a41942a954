import type * as fsPromises from 'node:fs/promises';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offerListResponse } from '../../../src/domain/contract/offersOutlets';
import { fileSaveResponse, type SavedFile, type VisitorEntry } from '../../../src/domain/contract/visitors';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { orders } from '../../db/schema/orders';
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
});
