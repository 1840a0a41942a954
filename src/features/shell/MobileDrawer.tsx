import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type SiteConfig } from '../../domain/contract/config';
import { type Lang } from '../../domain/lang';
import { displayName, type User } from '../../domain/session';
import { Button, buttonClass } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import { Icon } from '../../ui/Icon';
import { LanguageToggle } from './LanguageToggle';
import { JoinNowLink, NavMenu } from './NavMenu';
import './shell.css';

const PROFILE_PATH: string = '/profile/user';

export interface MobileDrawerProps {
  /** For aria-controls on the button that opens it. */
  id?: string;
  open: boolean;
  onClose: () => void;
  config: Pick<SiteConfig, 'header_nav' | 'enable_arabic' | 'join_now_link' | 'join_now_text' | 'ar_join_now_text'>;
  lang: Lang;
  user: User | null;
  /** The full current path with its query, carried to login as nextUrl. */
  currentPath: string;
  onLanguageChange: (lang: Lang) => void;
  onLogout: () => void;
}

/** The phone menu: the venue's navigation, the profile link when logged in, language, and login or logout. */
export function MobileDrawer({
  id,
  open,
  onClose,
  config,
  lang,
  user,
  currentPath,
  onLanguageChange,
  onLogout,
}: MobileDrawerProps) {
  const { t } = useTranslation('shell');
  return (
    <Drawer id={id} open={open} onClose={onClose} title={t('header.menu')}>
      <div className="shell-drawer">
        {user ? (
          <Link to={PROFILE_PATH} className="shell-drawer__profile" onClick={onClose}>
            <Icon name="user" size="1.5em" />
            <span className="shell-drawer__profile-text">
              <span className="shell-drawer__profile-label">{t('profile.user')}</span>
              <span className="shell-drawer__profile-name">
                <bdi>{displayName(user)}</bdi>
              </span>
            </span>
            <Icon name="chevronEnd" />
          </Link>
        ) : null}
        <NavMenu items={config.header_nav} lang={lang} variant="drawer" onNavigate={onClose} />
        <JoinNowLink config={config} lang={lang} className="shell-drawer__join" onFollow={onClose} />
        <div className="shell-drawer__account">
          {config.enable_arabic === 1 ? <LanguageToggle lang={lang} onChange={onLanguageChange} /> : null}
          {user ? (
            <Button
              variant="secondary"
              icon={<Icon name="logout" />}
              onClick={() => {
                onClose();
                onLogout();
              }}
            >
              {t('logout')}
            </Button>
          ) : (
            <Link to="/login" search={{ nextUrl: currentPath }} className={buttonClass('secondary')} onClick={onClose}>
              <Icon name="user" />
              {t('login')}
            </Link>
          )}
        </div>
      </div>
    </Drawer>
  );
}
