import { isTerminalId } from '../src/domain/kiosk/deviceKey';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, KIOSK, LANGS, resetServer } from './helpers';
import { copy, storedTerminalSetting } from './support/shell';
import { CODE, corner, diagnostic, keypad, message, openPinPad, PIN, pinDialog, pressCorner, provisionByLink, provisionedTerminal, staffPanel, submitPin, typePin, WRONG_PIN, wrongPinText } from './support/staff';

/**
 * The staff side of a kiosk terminal: provisioning by link, the hidden corner, the PIN pad (server first, then
 * offline against the verifier kept at provisioning), the attempt lock, and the panel's diagnostics.
 * Demo terminal: code LOBBY-1, staff PIN 2468 (server/seed/terminals.ts).
 */

test.use({ serviceWorkers: 'block', viewport: KIOSK });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

for (const lang of LANGS) {
  test(`[S0-1.25] provisioning link with the right PIN: kiosk mode on, the terminal kept on the device and shown in diagnostics (${lang})`, async ({ page }) => {
    await page.clock.install();
    await provisionedTerminal(page, lang);
    expect(await storedTerminalSetting(page, 'kiosk')).toBe(true);
    const terminalId = await storedTerminalSetting(page, 'terminalId');
    expect(isTerminalId(terminalId)).toBe(true);
    expect(await storedTerminalSetting(page, 'terminalName')).toBe('Lobby kiosk');
    // Only a PBKDF2 verifier of the PIN is kept, never the PIN.
    const verifier = (await storedTerminalSetting(page, 'staffPinVerifier')) as Record<string, unknown>;
    expect(verifier).toMatchObject({ algorithm: 'PBKDF2-SHA256' });
    expect(verifier.iterations as number).toBeGreaterThanOrEqual(600_000);
    expect(JSON.stringify(verifier)).not.toContain(PIN);

    const dialog = await openPinPad(page, lang);
    await submitPin(dialog, lang, PIN);
    const panel = staffPanel(page, lang);
    await expect(panel).toBeVisible();
    await expect(pinDialog(page, lang)).toHaveCount(0);
    await expect(await diagnostic(panel, 'terminalId')).toHaveText(terminalId as string);
    await expect(await diagnostic(panel, 'terminalName')).toHaveText('Lobby kiosk');
    await expect(await diagnostic(panel, 'online')).toHaveText(copy(lang, 'kiosk:diagnostics.isOnline'));
    for (const action of ['panel.endSession', 'panel.clearCaches', 'panel.applyUpdate', 'panel.leave']) {
      await expect(panel.getByRole('button', { name: copy(lang, `kiosk:${action}`) })).toBeVisible();
    }
    // No update is waiting, and the panel says why the button is off.
    await expect(panel.getByRole('button', { name: copy(lang, 'kiosk:panel.applyUpdate') })).toBeDisabled();
    await expect(panel.getByText(copy(lang, 'kiosk:panel.noUpdate'))).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await panel.getByRole('button', { name: copy(lang, 'ui:close') }).first().click();
    await expect(panel).toHaveCount(0);
    await expect(corner(page)).toBeAttached();
  });

  test(`[S0-1.25] provisioning link with a wrong PIN is refused with the attempts left and leaves the device as it was (${lang})`, async ({ page }) => {
    await provisionByLink(page, lang, WRONG_PIN);
    await expect(page.getByRole('alert').filter({ hasText: wrongPinText(lang, 4) })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/kiosk/provision');
    await expect(page.locator('html')).toHaveAttribute('data-mode', 'web');
    expect(await storedTerminalSetting(page, 'terminalId')).toBeUndefined();
    expect(await storedTerminalSetting(page, 'staffPinVerifier')).toBeUndefined();
    // The digits are cleared for the next try; the code from the link stays.
    await expect(page.locator('.pin-dot-filled')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: copy(lang, 'kiosk:provision.code') })).toHaveValue(CODE);
  });

  test(`[S0-1.25] a 3 s press on the top inline-end corner opens the PIN pad, a short press does not; a wrong PIN shows the attempts left, the right one opens the panel (${lang})`, async ({ page }) => {
    await page.clock.install();
    await provisionedTerminal(page, lang);

    const box = (await corner(page).boundingBox())!;
    expect(box).toMatchObject({ y: 0, width: 64, height: 64 });
    // Top right in English, top left in Arabic.
    expect(box.x).toBe(lang === 'ar' ? 0 : KIOSK.width - 64);
    // The area takes no taps itself: what lies under it (the header's button) still gets them.
    const hitsCorner = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.hasAttribute('data-staff-corner') ?? false, {
      x: box.x + 32,
      y: box.y + 32,
    });
    expect(hitsCorner).toBe(false);

    await pressCorner(page, 1000);
    await page.clock.runFor(5000);
    await expect(pinDialog(page, lang)).toHaveCount(0);
    await expect(corner(page)).toBeAttached();

    const dialog = await openPinPad(page, lang);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(keypad(dialog, lang).getByRole('button', { name: '1', exact: true })).toBeFocused();
    await expect(keypad(dialog, lang).getByRole('button', { name: copy(lang, 'kiosk:pin.ok') })).toBeDisabled();
    await typePin(dialog, lang, '24');
    await keypad(dialog, lang).getByRole('button', { name: copy(lang, 'kiosk:pin.delete') }).click();
    await expect(dialog.locator('.pin-dot-filled')).toHaveCount(1);
    await keypad(dialog, lang).getByRole('button', { name: copy(lang, 'kiosk:pin.delete') }).click();

    await submitPin(dialog, lang, WRONG_PIN);
    await expect(message(dialog)).toHaveText(wrongPinText(lang, 4));
    await expect(dialog.locator('.pin-dot-filled')).toHaveCount(0);
    await expect(dialog).not.toContainText(WRONG_PIN);

    await submitPin(dialog, lang, PIN);
    await expect(staffPanel(page, lang)).toBeVisible();
  });

  test(`[S0-1.25] five wrong PINs lock the staff panel: the lock says until when, and the right PIN is refused while it lasts (${lang})`, async ({ page, request }) => {
    await page.clock.install();
    await provisionedTerminal(page, lang);
    const terminalId = (await storedTerminalSetting(page, 'terminalId')) as string;
    const dialog = await openPinPad(page, lang);
    for (const left of [4, 3, 2, 1]) {
      await submitPin(dialog, lang, WRONG_PIN);
      await expect(message(dialog)).toHaveText(wrongPinText(lang, left));
    }
    await submitPin(dialog, lang, WRONG_PIN);
    const lockedText = copy(lang, 'kiosk:pin.locked').split('{{time}}')[0]!;
    await expect(message(dialog)).toContainText(lockedText);
    await expect(message(dialog)).toContainText(/\d{2}:\d{2}/);
    await expect(dialog.getByText(copy(lang, 'kiosk:pin.remaining').replace('{{time}}', '5:00'))).toBeVisible();
    for (const key of ['2', '4', '6', '8', copy(lang, 'kiosk:pin.ok')]) {
      await expect(keypad(dialog, lang).getByRole('button', { name: key, exact: true })).toBeDisabled();
    }

    // The server refuses the right PIN while locked.
    const refused = await request.post(`/api/v1/terminals/${terminalId}/verify-pin`, { data: { pin: PIN } });
    expect(refused.status()).toBe(423);
    expect(((await refused.json()) as { code: string }).code).toBe('terminal_locked');

    // Closing and opening again does not get round the lock.
    await dialog.getByRole('button', { name: copy(lang, 'ui:close') }).click();
    await expect(dialog).toHaveCount(0);
    const again = await openPinPad(page, lang);
    await expect(message(again)).toContainText(lockedText);
    await expect(keypad(again, lang).getByRole('button', { name: '2', exact: true })).toBeDisabled();
  });

  test(`[S0-1.25] with the network cut, the PIN is checked on the terminal against the verifier kept at provisioning (${lang})`, async ({ page, context }) => {
    await page.clock.install();
    await provisionedTerminal(page, lang);
    await context.setOffline(true);

    const dialog = await openPinPad(page, lang);
    await submitPin(dialog, lang, WRONG_PIN);
    await expect(message(dialog)).toHaveText(wrongPinText(lang, 4));
    expect(await storedTerminalSetting(page, 'staffPinLock')).toEqual({ failures: 1, lockedUntil: null });

    await submitPin(dialog, lang, PIN);
    const panel = staffPanel(page, lang);
    await expect(panel).toBeVisible();
    await expect(await diagnostic(panel, 'online')).toHaveText(copy(lang, 'kiosk:diagnostics.isOffline'));
    await expect(await diagnostic(panel, 'terminalName')).toHaveText('Lobby kiosk');
    expect(await storedTerminalSetting(page, 'staffPinLock')).toEqual({ failures: 0, lockedUntil: null });
  });
}
