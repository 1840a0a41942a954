// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from './testingLibrary';
import { useRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Drawer } from './Drawer';
import { installDialogPolyfill, renderWithI18n } from './testing';

beforeAll(installDialogPolyfill);
afterEach(cleanup);

function Harness({ dismissible, withInitialFocus = false }: { dismissible: boolean; withInitialFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog
        open={open}
        title="Confirm booking"
        onClose={dismissible ? () => setOpen(false) : undefined}
        initialFocusRef={withInitialFocus ? confirmRef : undefined}
        actions={
          <>
            <Button variant="secondary">Back</Button>
            <Button ref={confirmRef} onClick={() => setOpen(false)}>
              Confirm
            </Button>
          </>
        }
      >
        <p>Body text</p>
      </Dialog>
    </>
  );
}

function openHarness() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Dialog', () => {
  it('is a modal labelled by its title, moves focus in and gives it back on close', () => {
    renderWithI18n(<Harness dismissible />);
    const opener = openHarness();
    const dialog = screen.getByRole('dialog', { name: 'Confirm booking' });
    expect(dialog).toHaveProperty('open', true);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);

    fireEvent.click(close);
    expect(dialog).toHaveProperty('open', false);
    expect(document.activeElement).toBe(opener);
  });

  it('focuses initialFocusRef when given', () => {
    renderWithI18n(<Harness dismissible withInitialFocus />);
    const opener = openHarness();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape when dismissible', () => {
    renderWithI18n(<Harness dismissible />);
    openHarness();
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog).toHaveProperty('open', false);
  });

  it('without onClose is a non-dismissible alertdialog: no close button, Escape and cancel ignored [S0-8.9] [S0-8.11]', () => {
    renderWithI18n(<Harness dismissible={false} />);
    openHarness();
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm booking' });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    // The first focusable element is the first action.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back' }));

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog).toHaveProperty('open', true);

    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog).toHaveProperty('open', true);

    // A close request the browser would not let us cancel: the dialog comes straight back.
    act(() => (dialog as HTMLDialogElement).close());
    expect(dialog).toHaveProperty('open', true);
    expect(screen.getByText('Body text')).toBeTruthy();
  });

  it('asks the parent through onClose rather than closing itself', () => {
    const onClose = vi.fn();
    renderWithI18n(
      <Dialog open title="Sign in" onClose={onClose}>
        <p>Body</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(dialog).toHaveProperty('open', true);
  });
});

describe('Drawer', () => {
  it('is a labelled modal with a labelled close button, focus in and back', () => {
    function DrawerHarness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button aria-controls="site-menu" onClick={() => setOpen(true)}>
            Open
          </Button>
          <Drawer id="site-menu" open={open} onClose={() => setOpen(false)} title="Menu">
            <a href="/events">Events</a>
          </Drawer>
        </>
      );
    }
    renderWithI18n(<DrawerHarness />);
    const opener = openHarness();
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer.id).toBe('site-menu');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(drawer, { key: 'Escape' });
    expect(drawer).toHaveProperty('open', false);
    expect(document.activeElement).toBe(opener);
  });
});
