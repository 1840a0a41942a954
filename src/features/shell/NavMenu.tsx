import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type MenuItem, type SiteConfig } from '../../domain/contract/config';
import { type Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { menuItemTarget } from '../../domain/navigation';
import { buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import './shell.css';

/** Said after the label of every link that opens a new tab, so nobody is surprised by it. */
function NewTabHint() {
  const { t } = useTranslation('shell');
  return (
    <>
      <Icon name="external" size="1em" className="shell-external-icon" />
      <span className="visually-hidden"> {t('newTab')}</span>
    </>
  );
}

export interface MenuItemLinkProps {
  item: MenuItem;
  lang: Lang;
  className?: string;
  /** Called when the link is followed (a drawer or dropdown closes then). */
  onFollow?: () => void;
}

/** One menu entry as a link: external addresses open a new tab, anything else routes inside the portal. */
export function MenuItemLink({ item, lang, className, onFollow }: MenuItemLinkProps) {
  const target = menuItemTarget(item);
  const label = (
    <span className="shell-link-text">
      <bdi>{localized(item, 'link_text', lang)}</bdi>
    </span>
  );
  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className={className} onClick={onFollow}>
        {label}
        <NewTabHint />
      </a>
    );
  }
  if (target.kind === 'group') return <span className={className}>{label}</span>;
  return (
    <Link
      to={target.to}
      hash={target.hash}
      search={target.search}
      className={className}
      activeOptions={{ exact: target.to === '/', includeHash: target.hash !== undefined, includeSearch: false }}
      onClick={onFollow}
    >
      {label}
    </Link>
  );
}

export interface NavMenuProps {
  items: MenuItem[];
  lang: Lang;
  /** 'bar': a row in the desktop header with dropdown panels; 'drawer': a column with expanding sections. */
  variant: 'bar' | 'drawer';
  /** Called after any link is followed. */
  onNavigate?: () => void;
  className?: string;
}

/**
 * The venue's header menu. Entries with children are disclosure buttons (tap, click, Enter or Space
 * open them; Escape or a tap elsewhere closes them), never hover menus, so they work on touch screens.
 */
export function NavMenu({ items, lang, variant, onNavigate, className }: NavMenuProps) {
  const { t } = useTranslation('shell');
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const rootRef = useRef<HTMLElement>(null);
  const toggleRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (variant !== 'bar' || openIndex === null) return;
    const closeOutside = (event: Event) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpenIndex(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [variant, openIndex]);

  const followed = () => {
    setOpenIndex(null);
    onNavigate?.();
  };

  const closeOnEscape = (index: number) => (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || openIndex !== index) return;
    // Handled here so the drawer around this menu stays open.
    event.preventDefault();
    event.stopPropagation();
    setOpenIndex(null);
    toggleRefs.current[index]?.focus();
  };

  if (items.length === 0) return null;

  return (
    <nav
      ref={rootRef}
      className={['shell-nav', `shell-nav--${variant}`, className].filter(Boolean).join(' ')}
      aria-label={t('header.mainNav')}
    >
      <ul className="shell-nav__list">
        {items.map((item, index) => {
          const key = `${index}:${item.path}`;
          if (item.children.length === 0) {
            return (
              <li key={key} className="shell-nav__item">
                <MenuItemLink item={item} lang={lang} className="shell-nav__link" onFollow={followed} />
              </li>
            );
          }
          const open = openIndex === index;
          const panelId = `shell-nav-${variant}-panel-${index}`;
          const ownPage = menuItemTarget(item).kind !== 'group';
          return (
            <li key={key} className="shell-nav__item" onKeyDown={closeOnEscape(index)}>
              <button
                ref={(element) => {
                  toggleRefs.current[index] = element;
                }}
                type="button"
                className="shell-nav__link shell-nav__toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
              >
                <span className="shell-link-text">
                  <bdi>{localized(item, 'link_text', lang)}</bdi>
                </span>
                <Icon name="chevronDown" className="shell-nav__chevron" />
              </button>
              <ul id={panelId} className="shell-nav__panel" hidden={!open}>
                {ownPage ? (
                  <li>
                    <MenuItemLink
                      item={{ ...item, children: [] }}
                      lang={lang}
                      className="shell-nav__sublink"
                      onFollow={followed}
                    />
                  </li>
                ) : null}
                {item.children.flatMap((child) => [child, ...child.children]).map((child, childIndex) => (
                  <li key={`${childIndex}:${child.path}`}>
                    <MenuItemLink item={child} lang={lang} className="shell-nav__sublink" onFollow={followed} />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export interface JoinNowLinkProps {
  config: Pick<SiteConfig, 'join_now_link' | 'join_now_text' | 'ar_join_now_text'>;
  lang: Lang;
  className?: string;
  onFollow?: () => void;
}

/** The venue's call to action; absent when the venue configured no join_now_link. */
export function JoinNowLink({ config, lang, className, onFollow }: JoinNowLinkProps) {
  const { t } = useTranslation('shell');
  const href = config.join_now_link?.trim();
  if (!href) return null;
  const classes = [buttonClass('primary'), 'shell-join', className].filter(Boolean).join(' ');
  const label = (
    <span className="shell-link-text">
      <bdi>{localized(config, 'join_now_text', lang) || t('joinNow')}</bdi>
    </span>
  );
  const internal = href.startsWith('/') && !href.startsWith('//');
  if (internal) {
    return (
      <Link to={href} className={classes} onClick={onFollow}>
        {label}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={classes} onClick={onFollow}>
      {label}
      <NewTabHint />
    </a>
  );
}
