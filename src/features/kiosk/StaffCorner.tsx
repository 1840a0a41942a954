import { useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/** How long staff hold the corner to open the staff panel. */
export const STAFF_PRESS_MS = 3000;

const within = (rect: DOMRect, x: number, y: number) => x >= rect.left && x < rect.right && y >= rect.top && y < rect.bottom;

/**
 * The hidden gesture: an invisible 64 × 64 px area at the top inline-end corner (the element marks it out); a press
 * held there for three seconds calls `onLongPress`. Lifting, cancelling or sliding off the area before then does
 * nothing, and hovering does nothing at all.
 *
 * The area takes no pointer events itself (pointer-events: none): the header's own button reaches into the corner,
 * and an ordinary tap there must still reach it. So the presses are watched on the document (capture phase), which
 * also sees them on a modal attract screen that makes the rest of the page inert.
 */
export function StaffCorner({ onLongPress }: { onLongPress: () => void }) {
  const area = useRef<HTMLDivElement>(null);
  const onLongPressRef = useRef(onLongPress);
  useLayoutEffect(() => {
    onLongPressRef.current = onLongPress;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pressing: number | null = null;
    const inArea = (event: { clientX: number; clientY: number }) => {
      const element = area.current;
      return element !== null && within(element.getBoundingClientRect(), event.clientX, event.clientY);
    };
    const cancel = () => {
      clearTimeout(timer);
      timer = undefined;
      pressing = null;
    };
    const down = (event: PointerEvent) => {
      cancel();
      if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0) || !inArea(event)) return;
      pressing = event.pointerId;
      timer = setTimeout(() => {
        timer = undefined;
        pressing = null;
        onLongPressRef.current();
      }, STAFF_PRESS_MS);
    };
    const end = (event: PointerEvent) => {
      if (event.pointerId === pressing) cancel();
    };
    const move = (event: PointerEvent) => {
      if (event.pointerId === pressing && !inArea(event)) cancel();
    };
    // A held finger must not bring up the browser's context menu over the corner.
    const menu = (event: MouseEvent) => {
      if (inArea(event)) event.preventDefault();
    };
    const listeners = [
      ['pointerdown', down],
      ['pointerup', end],
      ['pointercancel', end],
      ['pointermove', move],
      ['contextmenu', menu],
    ] as const;
    for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener, true);
    return () => {
      cancel();
      for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener, true);
    };
  }, []);

  return createPortal(<div ref={area} className="staff-corner" aria-hidden="true" data-staff-corner="" />, document.body);
}
