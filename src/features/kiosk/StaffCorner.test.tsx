// @vitest-environment jsdom
import { act, cleanup, render } from '../../ui/testingLibrary';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_PRESS_MS, StaffCorner } from './StaffCorner';

type PointerInit = MouseEventInit & { isPrimary?: boolean; pointerType?: string; pointerId?: number };

/** jsdom has no PointerEvent; this carries the fields the corner reads. */
class FakePointerEvent extends MouseEvent {
  readonly isPrimary: boolean;
  readonly pointerType: string;
  readonly pointerId: number;
  constructor(type: string, init: PointerInit = {}) {
    super(type, init);
    this.isPrimary = init.isPrimary ?? false;
    this.pointerType = init.pointerType ?? '';
    this.pointerId = init.pointerId ?? 0;
  }
}

/** The corner of a 1080 px wide left-to-right screen. */
const AREA = { left: 1016, top: 0, right: 1080, bottom: 64, width: 64, height: 64, x: 1016, y: 0 };
const IN = { clientX: 1040, clientY: 30 };
const OUT = { clientX: 900, clientY: 30 };

const send = (type: string, init: PointerInit = {}) =>
  act(() => {
    document.body.dispatchEvent(new FakePointerEvent(type, { bubbles: true, cancelable: true, isPrimary: true, pointerType: 'touch', pointerId: 1, ...IN, ...init }));
  });
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('[S0-1.25] StaffCorner', () => {
  let opened: ReturnType<typeof vi.fn<() => void>>;
  beforeAll(() => {
    Object.assign(window, { PointerEvent: FakePointerEvent });
  });
  beforeEach(() => {
    vi.useFakeTimers();
    opened = vi.fn<() => void>();
    render(<StaffCorner onLongPress={opened} />);
    const area = document.querySelector<HTMLElement>('[data-staff-corner]')!;
    area.getBoundingClientRect = () => ({ ...AREA, toJSON: () => AREA }) as DOMRect;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('marks out an invisible area, hidden from assistive technology', () => {
    const area = document.querySelector<HTMLElement>('[data-staff-corner]')!;
    expect(area.getAttribute('aria-hidden')).toBe('true');
    expect(area.className).toBe('staff-corner');
  });

  it('opens after a press held for three seconds in the area, once', () => {
    send('pointerdown');
    wait(STAFF_PRESS_MS - 1);
    expect(opened).not.toHaveBeenCalled();
    wait(1);
    expect(opened).toHaveBeenCalledTimes(1);
    send('pointerup');
    wait(10 * STAFF_PRESS_MS);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(STAFF_PRESS_MS).toBe(3000);
  });

  it('lets the press through to the page: it never cancels the event', () => {
    const event = new FakePointerEvent('pointerdown', { bubbles: true, cancelable: true, isPrimary: true, pointerType: 'touch', pointerId: 1, ...IN });
    act(() => {
      document.body.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(false);
  });

  it.each<[string, () => void]>([
    ['lifted', () => send('pointerup')],
    ['cancelled', () => send('pointercancel')],
    ['slid off the area', () => send('pointermove', OUT)],
  ])('does nothing for a press %s before three seconds', (_name, end) => {
    send('pointerdown');
    wait(STAFF_PRESS_MS - 100);
    end();
    wait(10 * STAFF_PRESS_MS);
    expect(opened).not.toHaveBeenCalled();
  });

  it('a finger moving within the area keeps the press', () => {
    send('pointerdown');
    send('pointermove', { clientX: 1070, clientY: 60 });
    wait(STAFF_PRESS_MS);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('two short presses do not add up to a long one', () => {
    send('pointerdown');
    wait(2000);
    send('pointerup');
    send('pointerdown');
    wait(2000);
    expect(opened).not.toHaveBeenCalled();
    wait(1000);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('ignores presses elsewhere, hovering, a second finger and the secondary mouse button', () => {
    send('pointerdown', OUT);
    send('pointermove', { pointerType: 'mouse' });
    send('pointerdown', { isPrimary: false, pointerId: 2 });
    send('pointerdown', { pointerType: 'mouse', button: 2 });
    wait(10 * STAFF_PRESS_MS);
    expect(opened).not.toHaveBeenCalled();
  });

  it('the release of another finger does not end the press', () => {
    send('pointerdown');
    send('pointerup', { pointerId: 2 });
    wait(STAFF_PRESS_MS);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('keeps the context menu of a held finger away from the corner only', () => {
    const inside = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, ...IN });
    const outside = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, ...OUT });
    document.body.dispatchEvent(inside);
    document.body.dispatchEvent(outside);
    expect(inside.defaultPrevented).toBe(true);
    expect(outside.defaultPrevented).toBe(false);
  });

  it('a press still held when the corner goes away opens nothing', () => {
    send('pointerdown');
    cleanup();
    wait(10 * STAFF_PRESS_MS);
    expect(opened).not.toHaveBeenCalled();
  });
});
