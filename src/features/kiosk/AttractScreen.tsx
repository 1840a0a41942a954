import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarouselItem, SiteConfig } from '../../domain/contract/config';
import { LANGUAGES, type Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { Button } from '../../ui/Button';
import { useModalDialog } from '../../ui/useModalDialog';
import { imageUrl } from '../../domain/venueLook';
import './kiosk-visitor.css';

const SLIDE_MS = 6000;

/**
 * Between visitors: the venue's pictures, 'Touch to start' and the language choice. A touch anywhere starts in
 * the language on screen; a language button starts in that language. Modal, so nothing behind it can be reached.
 */
export function AttractScreen({
  config,
  carousel,
  lang,
  onStart,
}: {
  config: Pick<SiteConfig, 'venue' | 'logo_url' | 'enable_arabic' | 'image_base_url'>;
  carousel: CarouselItem[];
  lang: Lang;
  onStart: (lang: Lang) => void;
}) {
  const { t } = useTranslation('kioskVisitor');
  const dialog = useModalDialog({ open: true });
  // Slides shown since the screen opened: the first is painted at once (it is the page's largest paint, counted only
  // once visible), and only a change of slide fades in.
  const [shown, setShown] = useState(0);
  const count = carousel.length;

  useEffect(() => {
    if (count < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setShown((current) => current + 1), SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [count]);

  const slide = count > 0 ? carousel[shown % count]! : null;
  const venueName = localized(config.venue, 'name', lang);
  const languages = config.enable_arabic === 1 ? LANGUAGES : [];

  return (
    <dialog
      {...dialog}
      // The server's page shows it before any script: open, not yet modal; the client's first render makes it modal.
      open={import.meta.env.SSR || undefined}
      className="attract"
      aria-label={t('attract.label', { venue: venueName })}
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest('[data-lang-choice]')) onStart(lang);
      }}
    >
      {slide ? (
        <figure className={shown > 0 ? 'attract-slide attract-slide-next' : 'attract-slide'} key={slide.id}>
          <img src={imageUrl(config, slide.image)} alt="" fetchPriority="high" />
          <figcaption dir="auto">{localized(slide, 'title', lang)}</figcaption>
        </figure>
      ) : null}
      <div className="attract-panel">
        {config.logo_url ? <img className="attract-logo" src={imageUrl(config, config.logo_url)} alt="" /> : null}
        <h1 className="attract-venue" dir="auto">
          {venueName}
        </h1>
        <Button size="lg" className="attract-start" onClick={() => onStart(lang)}>
          {t('attract.start')}
        </Button>
        {languages.length > 1 ? (
          <div className="attract-languages" role="group" aria-label={t('attract.language')}>
            {languages.map((choice) => (
              <Button
                key={choice.code}
                variant="secondary"
                size="lg"
                data-lang-choice
                lang={choice.code}
                aria-pressed={choice.code === lang}
                onClick={() => onStart(choice.code)}
              >
                {choice.label}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
