import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isGuestAllowed } from '../../../machines/guestLogin';
import { type RegisterValues } from '../../../machines/register';
import { safeNextUrl } from '../../domain/navigation';
import { Button, buttonClass } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { usePortal } from '../../app/portal';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { GuestLoginDialog } from '../../app/account/GuestLoginDialog';
import { LoginForm } from './LoginForm';
import { RegisterForm, type AccountKind } from './RegisterForm';
import { useSiteConfig } from '../../app/account/useAccountSession';
import '../../app/account/account.css';

/** The kinds of line in the cart kept on this device, as they change. */
function useCartLineTypes(): string[] {
  const portal = usePortal();
  const [types, setTypes] = useState<string[]>([]);
  useEffect(() => portal.subscribeCartLineTypes(setTypes), [portal]);
  return types;
}

/** /login: password or email-code sign-in, UAE PASS, forgot password, sign-up and guest entries [S0-2.32]. */
export function LoginPage() {
  const { t } = useTranslation(['pages', 'account']);
  const config = useSiteConfig();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { nextUrl?: string; token?: string };
  const [dialog, setDialog] = useState<'forgot' | 'guest' | null>(null);
  const nextUrl = search.nextUrl;
  const identityToken = typeof search.token === 'string' && search.token !== '' ? search.token : null;

  // The UAE PASS token works once: it leaves the address as soon as the form has it, so a reload cannot replay it.
  useEffect(() => {
    if (identityToken) void navigate({ to: '/login', search: (prev: Record<string, unknown>) => ({ ...prev, token: undefined }), replace: true });
  }, [identityToken, navigate]);

  const goOn = useCallback(() => {
    setDialog(null);
    void navigate({ href: safeNextUrl(nextUrl), replace: true });
  }, [navigate, nextUrl]);
  const closeDialog = useCallback(() => setDialog(null), []);
  const cartLineTypes = useCartLineTypes();

  const guestAllowed = isGuestAllowed({
    guestCheckoutEnabled: config.is_guest_checkout === 1,
    isBaps: config.is_baps === 1,
    cartLineTypes,
  });

  return (
    <div className="container page account-page">
      <PageHeading title={t('pages:account.login')} />
      <div className="card">
        <LoginForm
          onSignedIn={goOn}
          onForgotPassword={() => setDialog('forgot')}
          identityToken={identityToken}
          uaePassReturnPath={nextUrl ? `/login?nextUrl=${encodeURIComponent(safeNextUrl(nextUrl))}` : '/login'}
        />
      </div>
      <section className="account-more" aria-label={t('account:login.moreOptions')}>
        <p>{t('account:login.noAccount')}</p>
        <Link to="/register" className={buttonClass('secondary', 'lg')}>
          {t('account:login.createAccount')}
        </Link>
        {guestAllowed ? (
          <>
            <p>{t('account:login.guestText')}</p>
            <Button variant="secondary" size="lg" onClick={() => setDialog('guest')}>
              {t('account:login.guest')}
            </Button>
          </>
        ) : null}
      </section>
      <ForgotPasswordDialog open={dialog === 'forgot'} onClose={closeDialog} />
      {guestAllowed ? (
        <GuestLoginDialog open={dialog === 'guest'} onClose={closeDialog} onSignedIn={goOn} cartLineTypes={cartLineTypes} />
      ) : null}
    </div>
  );
}

/** /register: customer or partner sign-up [S0-2.33, S0-2.55]. */
export function RegisterPage() {
  const { t } = useTranslation(['pages', 'account']);
  const navigate = useNavigate();
  const [form, setForm] = useState<{ kind: AccountKind; typed: RegisterValues | null; round: number }>({
    kind: 'customer',
    typed: null,
    round: 0,
  });
  const signedIn = useCallback(() => void navigate({ to: '/', replace: true }), [navigate]);

  return (
    <div className="container page account-page account-page-wide">
      <PageHeading title={t('pages:account.register')} />
      <div className="card">
        <RegisterForm
          key={form.round}
          kind={form.kind}
          typed={form.typed}
          onKindChange={(kind, typed) => setForm((current) => ({ kind, typed, round: current.round + 1 }))}
          onSignedIn={signedIn}
        />
      </div>
      <section className="account-more" aria-label={t('account:register.haveAccount')}>
        <p>{t('account:register.haveAccount')}</p>
        <Link to="/login" className={buttonClass('secondary', 'lg')}>
          {t('account:register.login')}
        </Link>
      </section>
    </div>
  );
}
