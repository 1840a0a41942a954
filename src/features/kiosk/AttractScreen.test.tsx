// @vitest-environment jsdom
import { act, cleanup, render } from '../../ui/testingLibrary';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarouselItem, SiteConfig } from '../../domain/contract/config';
import { installDialogPolyfill } from '../../ui/testing';
import { AttractScreen } from './AttractScreen';

/** What the attract screen reads of the venue's config. */
const config: Pick<SiteConfig, 'venue' | 'logo_url' | 'enable_arabic' | 'image_base_url'> = {
  venue: { id: 1, name: 'Marina Sports Club', ar_name: 'نادي مارينا الرياضي', child_venues: [] },
  logo_url: '',
  enable_arabic: 1,
  image_base_url: '/media/',
};

const slides: CarouselItem[] = [
  { id: 1, title: 'Floodlit football every night', image: 'carousel/pitch.svg' },
  { id: 2, title: 'Summer music night', image: 'carousel/stage.svg' },
];

/** The slide on screen: its caption, and whether it fades in. */
function slideOnScreen() {
  const figure = document.querySelector('figure.attract-slide');
  return { caption: figure?.querySelector('figcaption')?.textContent, fades: figure?.classList.contains('attract-slide-next') };
}

describe('AttractScreen slides', () => {
  beforeAll(installDialogPolyfill);
  beforeEach(() => {
    vi.useFakeTimers();
    window.matchMedia = (query: string) => ({ matches: false, media: query }) as MediaQueryList;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the first slide at once and fades in only a change of slide, the first one again too', () => {
    render(<AttractScreen config={config} carousel={slides} lang="en" onStart={() => {}} />);
    expect(slideOnScreen()).toEqual({ caption: 'Floodlit football every night', fades: false });
    act(() => void vi.advanceTimersByTime(6000));
    expect(slideOnScreen()).toEqual({ caption: 'Summer music night', fades: true });
    act(() => void vi.advanceTimersByTime(6000));
    expect(slideOnScreen()).toEqual({ caption: 'Floodlit football every night', fades: true });
  });

  it('keeps one slide still when the visitor asks for reduced motion', () => {
    window.matchMedia = (query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList;
    render(<AttractScreen config={config} carousel={slides} lang="en" onStart={() => {}} />);
    act(() => void vi.advanceTimersByTime(12000));
    expect(slideOnScreen()).toEqual({ caption: 'Floodlit football every night', fades: false });
  });
});
