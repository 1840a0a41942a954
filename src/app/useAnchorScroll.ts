import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { anchorScrollTop } from '../domain/anchor';

/** Scrolls to the location's #anchor once the content is there, leaving room for the sticky header. */
export function useAnchorScroll(contentReady: boolean) {
  const hash = useRouterState({ select: (state) => state.location.hash });
  useEffect(() => {
    if (!contentReady || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.replace(/^#/, '')));
    if (!target) return;
    window.scrollTo({ top: anchorScrollTop(target.getBoundingClientRect().top, window.scrollY), behavior: 'instant' });
  }, [contentReady, hash]);
}
