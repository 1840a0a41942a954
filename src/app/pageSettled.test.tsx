// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '../ui/testingLibrary';
import { usePageSettled } from './pageSettled';
import { PAGE_SETTLED_MS, whenPageSettled } from './whenIdle';

function Probe() {
  return <p>{usePageSettled() ? 'settled' : 'loading'}</p>;
}

describe('the page settles', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('PAGE_SETTLED_MS after it showed, then in the idle time; what the visitor does neither hastens nor delays it', () => {
    render(<Probe />);
    act(() => {
      fireEvent.pointerDown(document.body);
      fireEvent.scroll(document.body);
      vi.advanceTimersByTime(PAGE_SETTLED_MS - 100);
    });
    expect(screen.getByText('loading')).toBeTruthy();
    act(() => {
      // The settling time, then the idle callback (jsdom has none: whenIdle waits a second instead).
      vi.advanceTimersByTime(100 + 1_000);
    });
    expect(screen.getByText('settled')).toBeTruthy();
  });

  it('a cancelled wait never runs its task', () => {
    const task = vi.fn();
    const cancelEarly = whenPageSettled(task);
    act(() => {
      vi.advanceTimersByTime(PAGE_SETTLED_MS / 2);
    });
    cancelEarly();
    const cancelInIdle = whenPageSettled(task);
    act(() => {
      vi.advanceTimersByTime(PAGE_SETTLED_MS + 500);
    });
    cancelInIdle();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(task).not.toHaveBeenCalled();
  });
});
