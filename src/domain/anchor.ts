/** Keeps an anchored section clear of the sticky header. */
export const ANCHOR_OFFSET_PX = 110;

export function anchorScrollTop(elementTopInViewport: number, currentScrollY: number): number {
  return Math.max(0, currentScrollY + elementTopInViewport - ANCHOR_OFFSET_PX);
}
