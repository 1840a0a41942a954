// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from './testingLibrary';
import { StrictMode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Lang } from '../domain/lang';
import { createTestI18n } from '../i18n/testing';
import { Dialog } from './Dialog';
import { KioskModeProvider, OnScreenKeyboardHost, useKioskMode } from './kiosk';
import { installDialogPolyfill, renderWithI18n } from './testing';
import { TextField, type TextFieldType } from './TextField';

beforeAll(installDialogPolyfill);
afterEach(cleanup);

function Form({ type = 'text', inputMode }: { type?: TextFieldType; inputMode?: 'numeric' }) {
  const [name, setName] = useState('');
  const [other, setOther] = useState('');
  return (
    <>
      <TextField label="Your name" name="name" type={type} inputMode={inputMode} value={name} onChange={setName} />
      <TextField label="Other" name="other" value={other} onChange={setOther} />
      <output data-testid="typed">{name}</output>
    </>
  );
}

function renderKiosk(ui: React.ReactElement, { kiosk = true, lang = 'en' as Lang } = {}) {
  return renderWithI18n(
    <KioskModeProvider kiosk={kiosk} lang={lang}>
      {ui}
      <OnScreenKeyboardHost />
    </KioskModeProvider>,
    lang,
  );
}

const key = (name: string) => screen.getByRole('button', { name });
const press = (...names: string[]) => names.forEach((name) => fireEvent.click(key(name)));
const typed = () => screen.getByTestId('typed').textContent;

async function focusField(label: string) {
  const input = screen.getByLabelText(label);
  act(() => input.focus());
  // The keyboard is a lazily loaded chunk; a busy machine may take more than the default second.
  const keyboard = await screen.findByTestId('on-screen-keyboard', {}, { timeout: 10_000 });
  // The keys are drawn once the keyboard has mounted, after the first paint.
  await waitFor(() => expect(within(keyboard).getAllByRole('button').length).toBeGreaterThan(10));
  return input as HTMLInputElement;
}

describe('kiosk mode', () => {
  it('marks the document and tells components', () => {
    function Probe() {
      return <p>{useKioskMode() ? 'kiosk' : 'web'}</p>;
    }
    const { rerender } = renderKiosk(<Probe />);
    expect(document.documentElement.dataset.mode).toBe('kiosk');
    expect(screen.getByText('kiosk')).toBeTruthy();
    rerender(
      <KioskModeProvider kiosk={false} lang="en">
        <Probe />
      </KioskModeProvider>,
    );
    expect(document.documentElement.dataset.mode).toBe('web');
    expect(screen.getByText('web')).toBeTruthy();
  });

  it('shows no keyboard outside kiosk mode and leaves the device keyboard alone', async () => {
    renderKiosk(<Form />, { kiosk: false });
    const input = screen.getByLabelText('Your name');
    act(() => input.focus());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('on-screen-keyboard')).toBeNull();
    expect(input.getAttribute('inputmode')).toBeNull();
  });
});

describe('on-screen keyboard', () => {
  it('types into the focused field through its onChange, with shift, space and backspace', async () => {
    renderKiosk(<Form />);
    const input = await focusField('Your name');
    expect(input.getAttribute('inputmode')).toBe('none');
    expect(screen.getByRole('group', { name: 'On-screen keyboard' })).toBeTruthy();

    press('Shift', 'S', 'a', 'r', 'a', 'Space', 'x');
    expect(typed()).toBe('Sara x');
    expect(input.value).toBe('Sara x');
    press('Backspace', 'Backspace');
    expect(typed()).toBe('Sara');
    // Focus never left the field.
    expect(document.activeElement).toBe(input);
    expect(document.documentElement.dataset.osk).toBe('open');
  });

  it('switches between English and Arabic layouts, defaulting to the interface language', async () => {
    renderKiosk(<Form />, { lang: 'ar' });
    await focusField('Your name');
    expect(screen.getByRole('group', { name: 'لوحة المفاتيح على الشاشة' })).toBeTruthy();
    press('س', 'ا', 'ر', 'ة');
    expect(typed()).toBe('سارة');
    press('تغيير لغة لوحة المفاتيح');
    press('a');
    expect(typed()).toBe('سارةa');
    expect(screen.queryByRole('button', { name: 'س' })).toBeNull();
  });

  it('uses a number pad for phone and numeric fields', async () => {
    renderKiosk(<Form type="tel" />);
    await focusField('Your name');
    expect(screen.getByRole('group', { name: 'Number pad' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'q' })).toBeNull();
    press('+', '9', '7', '1');
    expect(typed()).toBe('+971');
  });

  it('uses digits only for inputMode numeric', async () => {
    renderKiosk(<Form inputMode="numeric" />);
    await focusField('Your name');
    expect(screen.queryByRole('button', { name: '+' })).toBeNull();
    press('4', '2');
    expect(typed()).toBe('42');
  });

  it('respects maxLength', async () => {
    function Code() {
      const [code, setCode] = useState('');
      return <TextField label="Code" name="code" inputMode="numeric" maxLength={2} value={code} onChange={setCode} />;
    }
    renderKiosk(<Code />);
    const input = await focusField('Code');
    press('1', '2', '3');
    expect(input.value).toBe('12');
  });

  it('closes on Done (which blurs the field) and follows focus to the next field', async () => {
    renderKiosk(<Form />);
    const input = await focusField('Your name');
    press('h');
    act(() => screen.getByLabelText('Other').focus());
    await new Promise((resolve) => setTimeout(resolve, 10));
    press('o');
    expect(typed()).toBe('h');
    expect((screen.getByLabelText('Other') as HTMLInputElement).value).toBe('o');

    press('Done');
    expect(document.activeElement).not.toBe(input);
    await waitFor(() => expect(screen.queryByTestId('on-screen-keyboard')).toBeNull());
    expect(document.documentElement.dataset.osk).toBeUndefined();
  });

  it('a press that takes focus from a field closes the keyboard only once it is released, so the press still clicks', async () => {
    let clicked = 0;
    renderKiosk(
      <>
        <Form />
        <button type="button" onClick={() => (clicked += 1)}>
          Login
        </button>
      </>,
    );
    await focusField('Your name');
    const login = screen.getByRole('button', { name: 'Login' });
    fireEvent.pointerDown(login);
    act(() => login.focus());
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Still held: the keyboard (and with it the layout) stays as it was under the finger.
    expect(screen.queryByTestId('on-screen-keyboard')).not.toBeNull();
    fireEvent.pointerUp(login);
    fireEvent.click(login);
    expect(clicked).toBe(1);
    await waitFor(() => expect(screen.queryByTestId('on-screen-keyboard')).toBeNull());
  });

  it('types into a field inside a modal dialog, rendering inside the dialog', async () => {
    function Modal() {
      const [email, setEmail] = useState('');
      return (
        <Dialog open title="Your details" onClose={() => {}}>
          <TextField label="Email" name="email" type="email" value={email} onChange={setEmail} />
        </Dialog>
      );
    }
    renderKiosk(<Modal />, { lang: 'ar' });
    const input = await focusField('Email');
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(screen.getByTestId('on-screen-keyboard'))).toBe(true);
    // E-mail addresses open on the English layout even in Arabic.
    press('a', '@', 'b');
    expect(input.value).toBe('a@b');
  });

  it('opens for a field that already has focus when it mounts or kiosk mode starts', async () => {
    const ui = (kiosk: boolean) => (
      <KioskModeProvider kiosk={kiosk} lang="en">
        <Form inputMode="numeric" />
        <OnScreenKeyboardHost />
      </KioskModeProvider>
    );
    const { rerender } = renderWithI18n(ui(false));
    const input = screen.getByLabelText('Your name') as HTMLInputElement;
    act(() => input.focus());
    rerender(<I18nextProvider i18n={createTestI18n('en')}>{ui(true)}</I18nextProvider>);
    await screen.findByRole('group', { name: 'Number pad' }, { timeout: 10_000 });
    press('7', '3');
    expect(input.value).toBe('73');
  });

  it('works under StrictMode double effects inside a dialog that focuses the field on open', async () => {
    function Modal() {
      const [code, setCode] = useState('');
      return (
        <StrictMode>
          <Dialog open title="Enter the staff PIN">
            <TextField label="PIN" name="pin" type="password" value={code} onChange={setCode} />
          </Dialog>
        </StrictMode>
      );
    }
    renderKiosk(<Modal />);
    const input = screen.getByLabelText('PIN') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    await screen.findByTestId('on-screen-keyboard', {}, { timeout: 10_000 });
    press('o', 'k');
    expect(input.value).toBe('ok');
  });
});
