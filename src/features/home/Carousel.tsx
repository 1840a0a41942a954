import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarouselItem } from '../../domain/contract/config';
import type { Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';

const ADVANCE_MS = 7000;

/** WAI-ARIA carousel: named slides, previous/next, and auto-advance that stops when asked or when motion is reduced. */
export function Carousel({ items, lang, imageUrl }: { items: CarouselItem[]; lang: Lang; imageUrl: (p: string) => string }) {
  const { t } = useTranslation('pages');
  const [index, setIndex] = useState(0);
  // The server's render (src/ssr/renderPage.tsx) has no window: it shows the carousel playing, as most visitors see it.
  const [playing, setPlaying] = useState(() => typeof window === 'undefined' || !window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const count = items.length;

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);

  if (count === 0) return null;
  const slide = items[index % count]!;
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={t('home.carouselLabel')}>
      <div
        className="carousel-slide"
        role="group"
        aria-roledescription="slide"
        aria-label={t('home.slideOf', { index: index + 1, count })}
        aria-live={playing ? 'off' : 'polite'}
      >
        <img src={imageUrl(slide.image)} alt="" width={1200} height={480} fetchPriority="high" />
        <div className="carousel-caption">
          <h2 dir="auto">{localized(slide, 'title', lang)}</h2>
          {slide.subtitle && <p dir="auto">{localized(slide, 'subtitle', lang)}</p>}
        </div>
      </div>
      {count > 1 && (
        <div className="carousel-controls cluster">
          <Button variant="ghost" onClick={() => setIndex((i) => (i - 1 + count) % count)} icon={<Icon name="back" />}>
            {t('home.previousSlide')}
          </Button>
          <Button variant="ghost" onClick={() => setPlaying((p) => !p)}>
            {playing ? t('home.pause') : t('home.play')}
          </Button>
          <Button variant="ghost" onClick={() => setIndex((i) => (i + 1) % count)} icon={<Icon name="chevronEnd" />}>
            {t('home.nextSlide')}
          </Button>
        </div>
      )}
    </section>
  );
}
