import { HEADERS } from '../src/domain/contract/headers';
import { verifyPinResponse } from '../src/domain/contract/terminals';
import { expect, test } from './fixtures';
import { KIOSK, resetServer } from './helpers';
import { copy } from './support/shell';
import { openPinPad, PIN, provisionedTerminal, staffPanel, submitPin } from './support/staff';

/**
 * The staff session a right PIN opens at a terminal: the staff panel reads the venue's visitor uploads with it,
 * keeps it in memory only, and ends it at the server when the panel closes.
 */

test.use({ serviceWorkers: 'block', viewport: KIOSK });

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

test('the right PIN opens a staff session that reads the venue’s uploads, is kept on no storage and ends when the panel closes', async ({ page, request }) => {
  const token = (await (await request.post('/api/v1/dev/token', { data: { customer: 'customer' } })).json()) as { data: { token: string } };
  const uploaded = await request.post('/api/v1/file/save/data', {
    headers: { [HEADERS.authorization]: `Bearer ${token.data.token}` },
    multipart: { 'preUpload[0]': { name: 'emirates-id.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBeTruthy();
  const { data } = (await uploaded.json()) as { data: { files: { path: string }[] } };
  const documentPath = data.files[0]?.path ?? '';
  expect((await request.get(documentPath)).status()).toBe(404);

  await provisionedTerminal(page, 'en');
  const dialog = await openPinPad(page, 'en');
  const answered = page.waitForResponse((response) => response.url().endsWith('/verify-pin') && response.ok());
  await submitPin(dialog, 'en', PIN);
  const session = verifyPinResponse.parse(await (await answered).json()).data;
  await expect(staffPanel(page, 'en')).toBeVisible();

  const asStaff = { [HEADERS.staffToken]: session.staff_token };
  const read = await request.get(documentPath, { headers: asStaff });
  expect(read.status()).toBe(200);
  expect(read.headers()['content-type']).toBe('image/png');

  const kept = await page.evaluate(async () => {
    const stores: string[] = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const storeName of database.objectStoreNames) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const reading = database.transaction(storeName).objectStore(storeName).getAll();
          reading.onsuccess = () => resolve(reading.result);
          reading.onerror = () => reject(reading.error);
        });
        stores.push(JSON.stringify(rows));
      }
      database.close();
    }
    return stores.join('\n');
  });
  expect(kept).not.toContain(session.staff_token);

  const ended = page.waitForResponse((response) => response.url().endsWith('/staff-session') && response.request().method() === 'DELETE');
  await staffPanel(page, 'en').getByRole('button', { name: copy('en', 'ui:close'), exact: true }).click();
  expect(((await (await ended).json()) as { data: { ended: boolean } }).data.ended).toBe(true);
  await expect(staffPanel(page, 'en')).toHaveCount(0);
  expect((await request.get(documentPath, { headers: asStaff })).status()).toBe(404);
});
