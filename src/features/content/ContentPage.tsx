import { useLoaderData } from '@tanstack/react-router';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { Page } from '../../domain/contract/pages';
import { localized } from '../../domain/localize';
import { CopyLinkButton } from '../../ui/CopyLinkButton';
import { PageHeading } from '../../ui/PageHeading';
import { useAnchorScroll } from '../../app/useAnchorScroll';
import { useLanguage } from '../../i18n/useLanguage';

/** Built-in and configured content pages; the venue's HTML is sanitised before it reaches the DOM. */
export function ContentPage() {
  const lang = useLanguage();
  const page = useLoaderData({ strict: false }) as Page;
  const html = useMemo(
    () => DOMPurify.sanitize(localized(page, 'content', lang), { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] }),
    [page, lang],
  );
  useAnchorScroll(true);
  return (
    <article className="container page content-page">
      <PageHeading title={localized(page, 'title', lang)}>
        <CopyLinkButton />
      </PageHeading>
      <div className="content-html" dir="auto" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
