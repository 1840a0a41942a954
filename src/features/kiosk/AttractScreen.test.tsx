// @vitest-environment jsdom
import { act, cleanup, render } from '../../ui/testingLibrary';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteConfig, type CarouselItem } from '../../domain/contract/config';
import { installDialogPolyfill } from '../../ui/testing';
import { AttractScreen } from './AttractScreen';

const config = siteConfig.parse({
  venue_id: 1,
  venue: { id: 1, name: 'Marina Sports Club', ar_name: 'نادي مارينا الرياضي' },
  vtoken: 'demo-venue-token',
  logo_url: '',
  colors: { primary: '#0b5cad', secondary: '#0f766e', cta: '#b4400a', accent: '#f5b301', dark: '#0f172a' },
  siteEnabled: true,
  maintenance: { enabled: false, title: '', message: '' },
  health_check: null,
  enable_search: 1,
  enable_arabic: 1,
  allow_support: 1,
  enable_footer_contact_us: 1,
  is_baps: 0,
  header_nav: [],
  footer: {},
});

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
