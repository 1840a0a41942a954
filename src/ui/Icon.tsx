import { type ReactNode } from 'react';

export type IconName =
  | 'search'
  | 'cart'
  | 'user'
  | 'menu'
  | 'close'
  | 'chevronDown'
  | 'chevronEnd'
  | 'back'
  | 'globe'
  | 'instagram'
  | 'twitter'
  | 'facebook'
  | 'youtube'
  | 'tiktok'
  | 'snapchat'
  | 'external'
  | 'copy'
  | 'bookings'
  | 'offline'
  | 'refresh'
  | 'logout'
  | 'check'
  | 'alert'
  | 'info';

/** Drawn on a 24 px grid with a 2 px stroke; filled details say so. */
const GLYPHS: Record<IconName, ReactNode> = {
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M21 21l-4.8-4.8" />
    </>
  ),
  cart: (
    <>
      <path d="M3 4h2.2l2.3 10.7a1.5 1.5 0 0 0 1.5 1.3h8.4a1.5 1.5 0 0 0 1.5-1.1L21 8H6" />
      <circle cx="9.5" cy="20" r="1.5" fill="currentColor" stroke="none" />
      <circle cx="17.5" cy="20" r="1.5" fill="currentColor" stroke="none" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  chevronDown: <path d="M6 9l6 6 6-6" />,
  chevronEnd: <path d="M9 5l7 7-7 7" />,
  back: <path d="M20 12H5M11 18l-6-6 6-6" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </>
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1.2" fill="currentColor" stroke="none" />
    </>
  ),
  twitter: (
    <>
      <path d="M4 4h4.6L20 20h-4.6z" />
      <path d="M20 4l-6.6 7.4M10.6 12.6L4 20" />
    </>
  ),
  facebook: (
    <path d="M15.5 3H13a4 4 0 0 0-4 4v3H6.5v3.5H9V21h3.5v-7.5h2.8l.5-3.5h-3.3V7.5a1 1 0 0 1 1-1h2z" />
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="M10 9l5 3-5 3z" fill="currentColor" />
    </>
  ),
  tiktok: (
    <path d="M13.5 3v11.8a3.3 3.3 0 1 1-3.3-3.3M13.5 3c.4 2.9 2.3 4.8 5.5 5.1" />
  ),
  snapchat: (
    <path d="M12 3c-2.9 0-5 2.2-5 5.2v2.5l-1.7.5c-.6.2-.6.9 0 1.1l1.5.6c-.6 1.7-1.8 2.9-3.3 3.6.3.8 1.4 1 2.5 1.2.2.7.3 1.3 1 1.3.8 0 1.5-.4 2.6-.2 1.2.2 1.9 1.7 3.4 1.7s2.2-1.5 3.4-1.7c1.1-.2 1.8.2 2.6.2.7 0 .8-.6 1-1.3 1.1-.2 2.2-.4 2.5-1.2-1.5-.7-2.7-1.9-3.3-3.6l1.5-.6c.6-.2.6-.9 0-1.1l-1.7-.5V8.2C17 5.2 14.9 3 12 3z" />
  ),
  external: <path d="M14 4h6v6M20 4l-9 9M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5" />,
  copy: (
    <>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4.5A1.5 1.5 0 0 1 3 13.5v-9A1.5 1.5 0 0 1 4.5 3h9A1.5 1.5 0 0 1 15 4.5V5" />
    </>
  ),
  bookings: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M9 15.5l2 2 4-4" />
    </>
  ),
  offline: (
    <path d="M3 3l18 18M8.5 16.4a5 5 0 0 1 6.2-.6M5 12.9a10 10 0 0 1 4.3-2.6M19 12.9a10 10 0 0 0-2.6-1.8M2 8.8a15 15 0 0 1 3.7-2.5M22 8.8A15 15 0 0 0 10.5 5.1M12 20h.01" />
  ),
  refresh: <path d="M20 12a8 8 0 1 1-2.3-5.7L20 8.6M20 3.5v5.1h-5.1" />,
  logout: <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  alert: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5h.01" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5h.01" />
    </>
  ),
};

/** These point along the reading direction, so they turn round in right-to-left text. */
const DIRECTIONAL: ReadonlySet<IconName> = new Set<IconName>(['chevronEnd', 'back', 'logout']);

export interface IconProps {
  name: IconName;
  /** A CSS length or a number of pixels; by default the icon follows the text size. */
  size?: number | string;
  /** Makes the icon meaningful to assistive technology; without it the icon is decorative. */
  label?: string;
  className?: string;
}

export function Icon({ name, size = '1.25em', label, className }: IconProps) {
  const classes = ['icon', DIRECTIONAL.has(name) ? 'icon-mirror' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <svg
      className={classes}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-icon={name}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {GLYPHS[name]}
    </svg>
  );
}
