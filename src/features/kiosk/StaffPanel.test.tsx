// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '../../ui/testingLibrary';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { staffPanelMachine, type EndStaffSessionInput, type OnlinePinCheck, type StaffTerminal, type VerifyPinInput } from '../../../machines/staffPanel';
import { UNLOCKED } from '../../domain/kiosk/pinLock';
import type { Lang } from '../../domain/lang';
import { installDialogPolyfill, renderWithI18n } from '../../ui/testing';
import { toast, Toaster } from '../../ui/toast';
import type { KioskControls, KioskDiagnostics } from '../../app/kioskControls';
import { StaffPanel } from './StaffPanel';

const TERMINAL_ID = '3f2b8c1e-9a47-4d2e-8b1f-6c0d5e7a9b24';

beforeAll(installDialogPolyfill);
afterEach(() => {
  act(() => toast.dismiss());
  cleanup();
});

const NOW = Date.now();
const diagnostics: KioskDiagnostics = {
  appVersion: '20261121',
  terminalId: TERMINAL_ID,
  terminalName: 'Lobby kiosk',
  online: true,
  lastConfigSync: NOW - 3 * 60_000,
  lastScheduleSync: null,
  serviceWorker: 'waiting',
  storageUsedBytes: 5.25 * 1024 * 1024,
  outboxLength: 2,
};

function fakeControls(updateWaiting = false) {
  let waiting = updateWaiting;
  const listeners = new Set<() => void>();
  const controls = {
    endVisitorSession: vi.fn(async () => {}),
    clearCachesAndReload: vi.fn(async () => {}),
    updateWaiting: () => waiting,
    subscribeUpdateWaiting: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    applyUpdate: vi.fn(),
    setDefaultLanguage: vi.fn(async () => {}),
    diagnostics: vi.fn(async () => diagnostics),
    leaveKiosk: vi.fn(async () => {}),
  } satisfies KioskControls;
  const announceUpdate = () => {
    waiting = true;
    for (const listener of listeners) listener();
  };
  return { controls, announceUpdate };
}

/** The panel machine opened with the right PIN, as the host has it when the panel shows. */
async function openPanel() {
  const panel = createActor(
    staffPanelMachine.provide({
      actors: {
        loadTerminal: fromPromise<StaffTerminal>(async () => ({ terminalId: TERMINAL_ID, terminalName: 'Lobby kiosk', lock: UNLOCKED })),
        verifyOnline: fromPromise<OnlinePinCheck, VerifyPinInput>(async () => ({ result: 'right', staffToken: 'staff-token' })),
        endStaffSession: fromPromise<void, EndStaffSessionInput>(async () => undefined),
      },
    }),
    { input: { now: Date.now } },
  ).start();
  panel.send({ type: 'staff.open' });
  await waitFor(() => expect(panel.getSnapshot().matches({ active: 'pin' })).toBe(true));
  for (const digit of '2468') panel.send({ type: 'pin.digit', digit });
  panel.send({ type: 'pin.submit' });
  await waitFor(() => expect(panel.getSnapshot().matches({ active: 'open' })).toBe(true));
  return panel;
}

async function renderPanel(lang: Lang = 'en', updateWaiting = false) {
  const panel = await openPanel();
  const fake = fakeControls(updateWaiting);
  renderWithI18n(
    <>
      <StaffPanel open panel={panel} controls={fake.controls} />
      <Toaster />
    </>,
    lang,
  );
  const dialog = screen.getByRole('dialog', { name: lang === 'en' ? 'Staff panel' : 'لوحة الموظفين' });
  await waitFor(() => expect(dialog.querySelector('.staff-diagnostics')).not.toBeNull());
  const value = (key: string) => dialog.querySelector(`[data-diagnostic="${key}"] dd`)?.textContent;
  return { panel, dialog, value, ...fake };
}

describe('[S0-1.25] StaffPanel', () => {
  it('names the terminal and lists the diagnostics in words and human units', async () => {
    const { dialog, value } = await renderPanel();
    expect(within(dialog).getByText('Terminal Lobby kiosk')).toBeTruthy();
    expect(value('appVersion')).toBe('20261121');
    expect(value('terminalId')).toBe(TERMINAL_ID);
    expect(value('terminalName')).toBe('Lobby kiosk');
    expect(value('online')).toBe('Online');
    expect(value('lastConfigSync')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(3 min ago\)$/);
    expect(value('lastScheduleSync')).toBe('Never');
    expect(value('serviceWorker')).toBe('Active, an update is waiting');
    expect(value('storageUsed')).toBe('5.3 MB');
    expect(value('outboxLength')).toBe('2 items');
  });

  it('reads the same in Arabic', async () => {
    const { dialog, value } = await renderPanel('ar');
    expect(within(dialog).getByRole('button', { name: 'إنهاء جلسة الزائر الآن' })).toBeTruthy();
    expect(value('online')).toBe('متصل');
    expect(value('storageUsed')).toBe('5.3 ميغابايت');
    expect(value('outboxLength')).toBe('عنصران');
    expect(value('lastConfigSync')).toMatch(/\(منذ 3 دقيقة\)$/);
  });

  it('keeps "apply update" off with the reason while no update waits, and applies one once it does', async () => {
    const { dialog, controls, announceUpdate } = await renderPanel();
    const apply = within(dialog).getByRole('button', { name: 'Apply the waiting update' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    const reason = document.getElementById(apply.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('No update is waiting: this terminal runs the latest version.');
    act(announceUpdate);
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    await waitFor(() => expect(controls.applyUpdate).toHaveBeenCalledTimes(1));
  });

  it('ends the visitor session and closes itself', async () => {
    const { dialog, controls, panel } = await renderPanel();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the visitor session now' }));
    await waitFor(() => expect(panel.getSnapshot().matches('closed')).toBe(true));
    expect(controls.endVisitorSession).toHaveBeenCalledTimes(1);
  });

  it('clears caches and sets the default language through the controls', async () => {
    const { dialog, controls } = await renderPanel();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear caches and reload' }));
    await waitFor(() => expect(controls.clearCachesAndReload).toHaveBeenCalledTimes(1));
    const arabic = within(dialog).getByRole('button', { name: 'العربية' });
    fireEvent.click(arabic);
    await waitFor(() => expect(arabic.getAttribute('aria-pressed')).toBe('true'));
    expect(controls.setDefaultLanguage).toHaveBeenCalledWith('ar');
  });

  it('leaves kiosk mode only once confirmed', async () => {
    const { dialog, controls } = await renderPanel();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave kiosk mode' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Leave kiosk mode?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(controls.leaveKiosk).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave kiosk mode' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Leave kiosk mode?' })).getByRole('button', { name: 'Leave kiosk mode' }));
    await waitFor(() => expect(controls.leaveKiosk).toHaveBeenCalledTimes(1));
  });

  it('says so when an action fails, and stays open', async () => {
    const { dialog, controls, panel } = await renderPanel();
    controls.endVisitorSession.mockRejectedValueOnce(new Error('wipe failed'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the visitor session now' }));
    await waitFor(() => expect(controls.endVisitorSession).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('That did not work. Please try again.'));
    expect(panel.getSnapshot().matches({ active: 'open' })).toBe(true);
  });

  it('a touch in the panel restarts its minute', async () => {
    const { dialog, panel } = await renderPanel();
    const sent = vi.spyOn(panel, 'send');
    fireEvent.pointerDown(within(dialog).getByText('Diagnostics'));
    expect(sent).toHaveBeenCalledWith({ type: 'staff.touch' });
  });
});
