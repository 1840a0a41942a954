// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from './testingLibrary';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';
import { installDialogPolyfill, renderWithI18n } from './testing';
import { TOAST_DURATION_MS, toast, Toaster } from './toast';

beforeAll(installDialogPolyfill);
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => toast.dismiss());
  cleanup();
  vi.useRealTimers();
});

const toaster = () => document.querySelector('.toaster') as HTMLElement;

/** A pointer event of a given device (jsdom has no PointerEvent, so its pointerType is set by hand). */
function point(target: HTMLElement, type: 'pointerenter' | 'pointerleave', pointerType: 'mouse' | 'touch') {
  const event = new Event(type);
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  act(() => void target.dispatchEvent(event));
}

describe('toast', () => {
  it('shows an error toast as an alert in the bottom inline-end toaster [S0-8.3]', () => {
    renderWithI18n(<Toaster />);
    act(() => toast.error('Venue not found'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Venue not found');
    expect(toaster().contains(alert)).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows a success toast as a status in the same toaster [S0-8.5]', () => {
    renderWithI18n(<Toaster />);
    act(() => toast.success('Link copied for sharing!'));
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Link copied for sharing!');
    expect(toaster().contains(status)).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('a new toast replaces the earlier one: one at a time [S0-8.4]', () => {
    renderWithI18n(<Toaster />);
    act(() => toast.error('First failure'));
    act(() => toast.error('Second failure'));
    expect(screen.queryByText('First failure')).toBeNull();
    expect(screen.getByText('Second failure')).toBeTruthy();
    expect(document.querySelectorAll('.toast')).toHaveLength(1);

    act(() => toast.info('Back online'));
    expect(screen.queryByText('Second failure')).toBeNull();
    expect(within(screen.getByRole('status')).getByText('Back online')).toBeTruthy();
    expect(document.querySelectorAll('.toast')).toHaveLength(1);
  });

  it('dismisses itself after 6 s, and a replacement gets its own 6 s', () => {
    renderWithI18n(<Toaster />);
    act(() => toast.success('Saved'));
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    act(() => toast.success('Saved again'));
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    expect(screen.getByText('Saved again')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Saved again')).toBeNull();
  });

  it('waits while hovered or focused', () => {
    renderWithI18n(<Toaster />);
    act(() => toast.error('Payment declined'));
    point(toaster(), 'pointerenter', 'mouse');
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(screen.getByText('Payment declined')).toBeTruthy();
    point(toaster(), 'pointerleave', 'mouse');

    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    act(() => dismiss.focus());
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(screen.getByText('Payment declined')).toBeTruthy();
    act(() => dismiss.blur());
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('Payment declined')).toBeNull();
  });

  it('a tap on a touch screen does not hold it', () => {
    renderWithI18n(<Toaster />);
    act(() => toast.error('Payment declined'));
    // A tap: the touch pointer, then the browser's emulated mouse hover, which no later event takes back.
    point(toaster(), 'pointerenter', 'touch');
    fireEvent.mouseEnter(toaster());
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('Payment declined')).toBeNull();
  });

  it('has a labelled dismiss button, and toast.dismiss() clears it', () => {
    renderWithI18n(<Toaster />);
    act(() => toast.info('Hello'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Hello')).toBeNull();
    act(() => toast.info('Again'));
    act(() => toast.dismiss());
    expect(screen.queryByText('Again')).toBeNull();
  });

  it('appears inside an open modal dialog, where it stays visible and reachable', () => {
    renderWithI18n(
      <>
        <Dialog open title="Booking" onClose={() => {}}>
          <p>Pick a slot</p>
        </Dialog>
        <Toaster />
      </>,
    );
    act(() => toast.error('Slot no longer available'));
    const dialog = screen.getByRole('dialog', { name: 'Booking' });
    expect(within(dialog).getByRole('alert').textContent).toContain('Slot no longer available');
  });
});
