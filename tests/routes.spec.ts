import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, LANGS, LAYOUTS, open, resetServer, signIn } from './helpers';
import { becomeKiosk, VENUE, watchPageErrors } from './support/portal';

/**
 * Every route of spec 000 §2 in both languages, on a phone and on a portrait kiosk. One test per
 * layout/language walks the routes as steps (a full page load each), so a failure names its route.
 */

type Lang = (typeof LANGS)[number];
type RouteCase = {
  ids: string[];
  path: string;
  h1: Record<Lang, string>;
  /** Landing pages shown without header and footer. */
  bare?: boolean;
  /** Text the page must show besides its heading. */
  text?: Record<Lang, string>;
  /** A console error the route causes on purpose (an API call answered 404 for an unknown id). */
  expectedError?: RegExp;
};

const PUBLIC_ROUTES: RouteCase[] = [
  { ids: ['S0-2.1'], path: '/', h1: VENUE },
  { ids: ['S0-2.1'], path: '/home', h1: VENUE },
  { ids: ['S0-2.4'], path: '/events', h1: { en: 'Events', ar: 'الفعاليات' } },
  { ids: ['S0-2.5'], path: '/events/1', h1: { en: 'Football Cup Final', ar: 'نهائي كأس كرة القدم' } },
  { ids: ['S0-2.6'], path: '/training', h1: { en: 'Training', ar: 'التدريب' } },
  { ids: ['S0-2.7'], path: '/training/1', h1: { en: 'Coach Sara Al Mansoori', ar: 'المدربة سارة المنصوري' } },
  { ids: ['S0-2.8'], path: '/academies', h1: { en: 'Academies', ar: 'الأكاديميات' } },
  { ids: ['S0-2.9'], path: '/academy/1', h1: { en: 'Junior Swimming Academy', ar: 'أكاديمية السباحة للناشئين' } },
  { ids: ['S0-2.10'], path: '/academy/1/packages', h1: { en: 'Academy packages', ar: 'باقات الأكاديمية' } },
  { ids: ['S0-2.11'], path: '/memberships', h1: { en: 'Memberships', ar: 'العضويات' } },
  { ids: ['S0-2.12'], path: '/blogs', h1: { en: 'Blogs', ar: 'المدونة' } },
  { ids: ['S0-2.13'], path: '/blog/some-post', h1: { en: 'Blog', ar: 'مقال' } },
  { ids: ['S0-2.14'], path: '/outlets', h1: { en: 'Outlets', ar: 'المنافذ' } },
  { ids: ['S0-2.15'], path: '/outlets/1', h1: { en: 'Poolside Café', ar: 'مقهى المسبح' } },
  { ids: ['S0-2.16'], path: '/retail', h1: { en: 'Retail', ar: 'المتجر' } },
  { ids: ['S0-2.17'], path: '/offers', h1: { en: 'Offers', ar: 'العروض' } },
  { ids: ['S0-2.18'], path: '/cart', h1: { en: 'Cart', ar: 'السلة' } },
  { ids: ['S0-2.32'], path: '/login', h1: { en: 'Login', ar: 'تسجيل الدخول' } },
  { ids: ['S0-2.33'], path: '/register', h1: { en: 'Create an account', ar: 'إنشاء حساب' } },
  {
    ids: ['S0-2.35'],
    path: '/paymentsuccess/abc',
    h1: { en: 'Your order', ar: 'طلبك' },
    text: { en: 'We could not find this order.', ar: 'لم نعثر على هذا الطلب' },
    expectedError: /status of 404 .*\/api\/v1\/orders\/abc/,
  },
  {
    ids: ['S0-2.36', 'S0-8.19'],
    path: '/paymentfailed',
    h1: { en: 'Transaction failed', ar: 'فشلت المعاملة' },
    text: { en: 'credited within 7 business days', ar: 'خلال 7 أيام عمل' },
  },
  { ids: ['S0-2.37'], path: '/terms-and-conditions', h1: { en: 'Terms and Conditions', ar: 'الشروط والأحكام' } },
  { ids: ['S0-2.38'], path: '/privacy-policy', h1: { en: 'Privacy Policy', ar: 'سياسة الخصوصية' } },
  { ids: ['S0-2.39'], path: '/contact-us', h1: { en: 'Contact Us', ar: 'اتصل بنا' } },
  { ids: ['S0-2.41', 'S1-2.9'], path: '/service/1', h1: { en: 'Football Pitches', ar: 'ملاعب كرة القدم' } },
  { ids: ['S0-2.42'], path: '/form/feedback', h1: { en: 'Form', ar: 'نموذج' } },
  { ids: ['S0-2.43'], path: '/media-library', h1: { en: 'Media Library', ar: 'مكتبة الوسائط' } },
  { ids: ['S0-2.47'], path: '/404', h1: { en: 'Page not found', ar: 'الصفحة غير موجودة' } },
  { ids: ['S0-2.48'], path: '/about-us', h1: { en: 'About Us', ar: 'من نحن' } },
  {
    ids: ['S0-2.2', 'S0-2.76'],
    path: '/home-bsl',
    h1: { en: `Welcome to ${VENUE.en}`, ar: `مرحباً بك في ${VENUE.ar}` },
    bare: true,
  },
  {
    ids: ['S0-2.2', 'S0-2.76'],
    path: '/home-bsl/token123',
    h1: { en: `Welcome to ${VENUE.en}`, ar: `مرحباً بك في ${VENUE.ar}` },
    bare: true,
  },
  { ids: ['S0-2.3', 'S0-2.77'], path: '/event-invite', h1: { en: 'Event invitation', ar: 'دعوة فعالية' }, bare: true },
];

const SIGNED_IN_ROUTES: RouteCase[] = [
  { ids: ['S0-2.19'], path: '/profile/user', h1: { en: 'My profile', ar: 'ملفي الشخصي' } },
  // The demo customer's order (server/seed/ticketOrders.ts), the first order the demo venue has.
  { ids: ['S0-2.20'], path: '/profile/view-tickets/1', h1: { en: 'Tickets', ar: 'التذاكر' } },
  { ids: ['S0-2.21'], path: '/profile/user/q-points', h1: { en: 'Q-Points', ar: 'نقاط كيو' } },
  { ids: ['S0-2.22'], path: '/profile/user/wallet', h1: { en: 'Wallet', ar: 'المحفظة' } },
  { ids: ['S0-2.23'], path: '/profile/facility-bookings', h1: { en: 'Facility bookings', ar: 'حجوزات المرافق' } },
  { ids: ['S0-2.24'], path: '/profile/trainer-sessions', h1: { en: 'Trainer sessions', ar: 'جلسات المدربين' } },
  { ids: ['S0-2.25'], path: '/profile/trainer-sessions/1', h1: { en: 'Trainer session', ar: 'جلسة تدريب' }, expectedError: /status of 404 .*\/api\/v1\/customers\/bookings\/training\/1\b/ },
  { ids: ['S0-2.26'], path: '/profile/academy-bookings', h1: { en: 'Academy bookings', ar: 'حجوزات الأكاديميات' } },
  { ids: ['S0-2.27'], path: '/profile/academy-bookings/1', h1: { en: 'Academy booking', ar: 'حجز أكاديمية' }, expectedError: /status of 404 .*\/api\/v1\/customers\/bookings\/academy\/1\b/ },
  { ids: ['S0-2.28'], path: '/profile/event-bookings', h1: { en: 'Event bookings', ar: 'حجوزات الفعاليات' } },
  { ids: ['S0-2.29'], path: '/profile/memberships-bookings', h1: { en: 'Memberships', ar: 'العضويات' } },
  { ids: ['S0-2.30'], path: '/profile/retail', h1: { en: 'Retail orders', ar: 'طلبات المتجر' } },
  { ids: ['S0-2.31'], path: '/profile/family', h1: { en: 'Family', ar: 'العائلة' } },
  { ids: ['S0-2.34'], path: '/verify-customer', h1: { en: 'Verify your account', ar: 'تحقق من حسابك' } },
  { ids: ['S0-2.44'], path: '/customer-support', h1: { en: 'Customer support', ar: 'دعم العملاء' } },
  { ids: ['S0-2.46'], path: '/customer-support/1', h1: { en: 'Support request', ar: 'طلب دعم' } },
];

const idsOf = (routes: RouteCase[]) => [...new Set(routes.flatMap((route) => route.ids))].join(', ');

async function checkRoute(page: Page, route: RouteCase, lang: Lang, kiosk: boolean, errors: string[]) {
  errors.length = 0;
  await open(page, `${route.path}?lang=${lang}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect.soft(heading, `${route.path}: its own h1`).toHaveText(route.h1[lang]);
  await expect.soft(heading, `${route.path}: one visible h1`).toBeVisible();
  const html = page.locator('html');
  await expect.soft(html, `${route.path}: html[lang]`).toHaveAttribute('lang', lang);
  await expect.soft(html, `${route.path}: html[dir]`).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  if (kiosk) await expect.soft(html, `${route.path}: the device stays a kiosk`).toHaveAttribute('data-mode', 'kiosk');
  if (route.text) await expect.soft(page.getByText(route.text[lang]), `${route.path}: page text`).toBeVisible();
  if (route.bare) {
    await expect.soft(page.getByRole('banner'), `${route.path}: no header`).toHaveCount(0);
    await expect.soft(page.getByRole('contentinfo'), `${route.path}: no footer`).toHaveCount(0);
  } else {
    await expect.soft(page.getByRole('banner'), `${route.path}: header`).toBeVisible();
    await expect.soft(page.getByRole('contentinfo'), `${route.path}: footer`).toHaveCount(1);
  }
  await expectNoHorizontalOverflow(page);
  const unexpected = errors.filter((error) => !route.expectedError?.test(error));
  expect.soft(unexpected, `${route.path}: no errors in the console`).toEqual([]);
}

for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test.describe(`${layout.name} ${layout.viewport.width}x${layout.viewport.height}, ${lang}`, () => {
      test.use({ viewport: layout.viewport, serviceWorkers: 'block' });

      test.beforeEach(async ({ request }) => {
        await resetServer(request);
      });

      test(`[${idsOf(PUBLIC_ROUTES)}, S0-1.1, S0-1.2] public routes show their heading (${layout.name}, ${lang})`, async ({ page }) => {
        test.setTimeout(90_000);
        const errors = watchPageErrors(page);
        if (layout.kiosk) await becomeKiosk(page);
        for (const route of PUBLIC_ROUTES) {
          await test.step(route.path, () => checkRoute(page, route, lang, layout.kiosk, errors));
        }
      });

      test(`[${idsOf(SIGNED_IN_ROUTES)}, S0-1.1, S0-1.2, S0-6.3] account routes show their heading when signed in (${layout.name}, ${lang})`, async ({
        page,
        request,
      }) => {
        test.setTimeout(60_000);
        const errors = watchPageErrors(page);
        await signIn(page, request, 'customer');
        if (layout.kiosk) await becomeKiosk(page);
        for (const route of SIGNED_IN_ROUTES) {
          await test.step(route.path, () => checkRoute(page, route, lang, layout.kiosk, errors));
        }
      });
    });
  }
}
