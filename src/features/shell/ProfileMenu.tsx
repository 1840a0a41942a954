import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type SiteConfig } from '../../domain/contract/config';
import { profileAreaLinks, profileMenuEntries } from '../../domain/profileMenu';
import { displayName, type User } from '../../domain/session';
import { truncateName } from '../../domain/text';
import { Icon } from '../../ui/Icon';
import './shell.css';

export interface ProfileMenuProps {
  user: User;
  config: Pick<SiteConfig, 'header_nav' | 'is_baps'>;
  onLogout: () => void;
}

/**
 * The account menu of a logged-in user, as an ARIA menu button: Enter, Space or ArrowDown open it on the
 * first entry, ArrowUp on the last; arrows, Home and End move; Escape closes it and returns to the button.
 */
export function ProfileMenu({ user, config, onLogout }: ProfileMenuProps) {
  const { t } = useTranslation('shell');
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  const name = displayName(user);
  const entries = [...profileMenuEntries(config.header_nav, config.is_baps === 1), ...profileAreaLinks(user)];
  const itemCount = entries.length + 1;
  const logoutIndex = entries.length;

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') openAt(0);
    else if (event.key === 'ArrowUp') openAt(itemCount - 1);
    else return;
    event.preventDefault();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: (focusIndex + 1) % itemCount,
      ArrowUp: (focusIndex - 1 + itemCount) % itemCount,
      Home: 0,
      End: itemCount - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const itemRef = (index: number) => (element: HTMLElement | null) => {
    itemRefs.current[index] = element;
  };

  return (
    <div ref={rootRef} className="shell-profile">
      <button
        ref={buttonRef}
        type="button"
        className="shell-profile__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('profile.menu', { name })}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        <Icon name="user" />
        <span className="shell-profile__name shell-profile__name--full">
          <bdi>{name}</bdi>
        </span>
        <span className="shell-profile__name shell-profile__name--short">
          <bdi>{truncateName(name)}</bdi>
        </span>
        <Icon name="chevronDown" size="1em" className="shell-profile__chevron" />
      </button>
      <ul
        id={menuId}
        role="menu"
        aria-label={name}
        className="shell-profile__menu"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {entries.map((entry, index) => (
          <li key={entry.key} role="none">
            <Link
              ref={itemRef(index)}
              to={entry.to}
              role="menuitem"
              tabIndex={-1}
              className="shell-profile__item"
              onClick={() => close(false)}
            >
              {t(entry.labelKey)}
            </Link>
          </li>
        ))}
        <li role="separator" className="shell-profile__separator" />
        <li role="none">
          <button
            ref={itemRef(logoutIndex)}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="shell-profile__item shell-profile__logout"
            onClick={() => {
              close(false);
              onLogout();
            }}
          >
            <Icon name="logout" />
            {t('logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
