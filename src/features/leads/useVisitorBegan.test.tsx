// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '../../ui/testingLibrary';
import { LOAD_SETTLED_MS, useVisitorBegan } from './useVisitorBegan';

function Probe({ beganAlready = false }: { beganAlready?: boolean }) {
  return <p>{useVisitorBegan(beganAlready) ? 'began' : 'waiting'}</p>;
}

describe('useVisitorBegan (the lead form that opened by itself)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  for (const [what, begin] of [
    ['a touch', () => fireEvent.pointerDown(document.body)],
    ['a key', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
    ['typing', () => fireEvent.input(document.body)],
    ['a scroll of the dialog', () => fireEvent.scroll(document.body)],
  ] as const) {
    it(`${what} begins it`, () => {
      render(<Probe />);
      expect(screen.getByText('waiting')).toBeTruthy();
      act(() => {
        begin();
      });
      expect(screen.getByText('began')).toBeTruthy();
    });
  }

  it('without the visitor, it begins once the page has settled (idle, after the load)', () => {
    render(<Probe />);
    act(() => {
      vi.advanceTimersByTime(LOAD_SETTLED_MS - 100);
    });
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => {
      // The settling time, then the idle callback (jsdom has none: whenIdle waits a second instead).
      vi.advanceTimersByTime(100 + 1_000);
    });
    expect(screen.getByText('began')).toBeTruthy();
  });

  it('a dialog the visitor opened has begun at once', () => {
    render(<Probe beganAlready />);
    expect(screen.getByText('began')).toBeTruthy();
  });
});
