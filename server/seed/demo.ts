import { eq, sql } from 'drizzle-orm';
import { siteConfig, type MenuItem, type SiteConfigInput } from '../../src/domain/contract/config';
import { type DemoAccount } from '../../src/domain/contract/devTools';
import { addDays } from '../../src/domain/booking/dayTime';
import { venueNow } from '../../src/domain/venueTime';
import { type Database } from '../db/client';
import { customers } from '../db/schema/accounts';
import { academies, events, trainers } from '../db/schema/catalogue';
import { carouselItems, pages } from '../db/schema/content';
import { venues } from '../db/schema/venue';
import { hashPassword } from '../auth/passwords';
import { demoPages } from './pages';
import { seedBookingHistory } from './bookingHistory';
import { seedBookingPolicies } from './bookingPolicies';
import { seedCommerce } from './commerce';
import { seedWallet } from './wallet';
import { seedFacilities } from './facilities';
import { seedLeadForms } from './leads';
import { seedOffersOutlets } from './offersOutlets';
import { seedPagedCatalogue } from './pagedCatalogue';
import { seedTerminals } from './terminals';
import { seedTicketOrders } from './ticketOrders';
import { seedVisitorDetails } from './visitors';
import { seedProfiles } from './profiles';
import { seedRemoteConfig } from './remoteConfig';

/** The visitor token of the demo venue; calls without an X-Visitor-Token header get this venue. */
export const DEMO_VTOKEN = 'demo-venue-token';
const VENUE_TIME_ZONE = 'Asia/Dubai';

/** Every demo account that can log in has this password (README lists the accounts). */
export const DEMO_PASSWORD = 'Marina@2025';

/**
 * The seeded accounts, found again by their e-mail address; all but the guest log in with their mobile and
 * DEMO_PASSWORD. The partner awaiting approval is refused until an administrator approves it.
 */
export const DEMO_ACCOUNTS: Record<DemoAccount | 'trainer' | 'pendingPartner', { email: string; mobile: string }> = {
  customer: { email: 'layla.hassan@example.com', mobile: '+971501234567' },
  member: { email: 'ahmed.alfarsi@example.com', mobile: '+971502345678' },
  partner: { email: 'noura.khalid@example.com', mobile: '+971503456789' },
  employee: { email: 'daniel.smith@example.com', mobile: '+971504567890' },
  guest: { email: 'guest.visitor@example.com', mobile: '+971505678901' },
  trainer: { email: 'sara.almansoori@example.com', mobile: '+971506789012' },
  pendingPartner: { email: 'omar.rashid@example.com', mobile: '+971507890123' },
};

const link = (link_text: string, ar_link_text: string, path: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  link_text,
  ar_link_text,
  path,
  is_custom: 0,
  is_default: 1,
  page_id: null,
  children: [],
  ...extra,
});

const dropdown = (link_text: string, ar_link_text: string, children: MenuItem[]): MenuItem =>
  link(link_text, ar_link_text, '', { is_default: 0, children });

function demoConfig(venueId: number, aboutPageId: number | null): SiteConfigInput {
  return {
    venue_id: venueId,
    venue: {
      id: venueId,
      name: 'Marina Sports & Leisure Park',
      ar_name: 'منتزه مارينا للرياضة والترفيه',
      child_venues: [
        { id: 11, name: 'Marina Aquatic Centre', ar_name: 'مركز مارينا للألعاب المائية' },
        { id: 12, name: 'Marina Tennis Club', ar_name: 'نادي مارينا للتنس' },
      ],
    },
    vtoken: DEMO_VTOKEN,
    logo_url: '/media/brand/logo.svg',
    favicon_image_url: '/media/brand/favicon.png',
    colors: { primary: '#0b5fff', secondary: '#00a6a6', cta: '#ff7a00', accent: '#ffc247', dark: '#0f172a', mode: 'light' },
    currency: 'AED',
    time_zone: VENUE_TIME_ZONE,
    image_base_url: '/media/',
    siteEnabled: true,
    maintenance: {
      enabled: false,
      title: 'We are improving your experience',
      ar_title: 'نعمل على تحسين تجربتك',
      message: 'Our site is undergoing scheduled maintenance. Please check back shortly.',
      ar_message: 'يخضع موقعنا لصيانة مجدولة. يرجى العودة بعد قليل.',
    },
    health_check: {
      web_enable: false,
      domain: 'localhost',
      title: 'Service temporarily unavailable',
      ar_title: 'الخدمة غير متاحة مؤقتًا',
      message: 'We are experiencing technical difficulties and our team is working on a fix.',
      ar_message: 'نواجه صعوبات تقنية ويعمل فريقنا على إصلاحها.',
      webButtons: [
        { text: 'Visit our status page', ar_text: 'زيارة صفحة الحالة', url: '/status' },
        { text: 'Call us', ar_text: 'اتصل بنا', url: 'tel:+97140000000' },
      ],
    },
    enable_search: 1,
    enable_arabic: 1,
    allow_support: 1,
    enable_footer_contact_us: 1,
    is_baps: 0,
    // Analytics and the session header are the operator's to set; the demo venue sends the fields, empty.
    gtm_code: null,
    krews_gtm_code: null,
    session_id: null,
    // Offered by the visitor form where a service asks for a visitor's religion (hidden in the demo services).
    religions: [
      { id: 1, name: 'Islam', ar_name: 'الإسلام' },
      { id: 2, name: 'Christianity', ar_name: 'المسيحية' },
      { id: 3, name: 'Hinduism', ar_name: 'الهندوسية' },
      { id: 4, name: 'Other', ar_name: 'أخرى' },
    ],
    special_treatment: { host: 'brand.localhost', journey: 'vipjourney' },
    header_nav: [
      link('Home', 'الرئيسية', '/'),
      link('Facilities', 'المرافق', '/#facilities'),
      dropdown('Explore', 'استكشف', [
        link('Events', 'الفعاليات', '/events'),
        link('Academies', 'الأكاديميات', '/academies'),
        link('Training', 'التدريب', '/training'),
        link('Memberships', 'العضويات', '/memberships'),
      ]),
      dropdown('Shop', 'تسوّق', [
        link('Outlets', 'المتاجر', '/outlets'),
        link('Retail', 'منتجات التجزئة', '/retail'),
        link('Offers', 'العروض', '/offers'),
      ]),
      dropdown('Discover', 'اكتشف', [
        link('Blogs', 'المدونات', '/blogs'),
        link('Media Library', 'مكتبة الوسائط', '/media-library'),
        link('About Us', 'من نحن', '/about-us', { is_default: 0, page_id: aboutPageId }),
      ]),
      link('Venue Map', 'خريطة المكان', 'https://maps.example.com/marina-park', { is_custom: 1, is_default: 0 }),
    ],
    join_now_link: '/memberships',
    join_now_text: 'Join Now',
    ar_join_now_text: 'انضم الآن',
    footer: {
      cover_image: 'footer/cover.svg',
      follow_text: 'Follow us',
      ar_follow_text: 'تابعنا',
      social: {
        instagram: 'https://www.instagram.com/marinapark',
        // A bare platform home address, as venues often leave it: the client must not show it.
        twitter: 'https://twitter.com/',
        facebook: 'https://www.facebook.com/marinapark',
        youtube: 'https://www.youtube.com/@marinapark',
        tiktok: 'https://www.tiktok.com/@marinapark',
        snapchat: null,
      },
      payment_methods_image: 'footer/payment-methods.svg',
      powered_by_text: 'Powered by Qube',
      powered_by_url: 'https://www.example.com/qube',
      partner_logos_host: 'events.localhost',
      partner_logos: [
        { name: 'Gulf Sports Council', image: 'partners/gulf-sports-council.svg', url: 'https://www.example.com/gulf-sports' },
        { name: 'Lagoon Events', image: 'partners/lagoon-events.svg', url: 'https://www.example.com/lagoon-events' },
        { name: 'Desert Runners Club', image: 'partners/desert-runners.svg', url: null },
      ],
    },
    tnc: 'By booking you agree to the venue terms and conditions, including the cancellation and refund policy and the code of conduct on site.',
    ar_tnc: 'بإتمام الحجز فإنك توافق على الشروط والأحكام الخاصة بالمكان، بما في ذلك سياسة الإلغاء والاسترداد وقواعد السلوك داخل المرافق.',
    enable_facility_booking: 1,
    facility_button_label: 'Book a Facility',
    ar_facility_button_label: 'احجز مرفقًا',
    allow_facility_items_reservation: 1,
    enable_fb_participant_details: 1,
    show_time_range_filter: 1,
  };
}

const carousel = [
  {
    title: 'Floodlit football every night',
    arTitle: 'كرة القدم تحت الأضواء كل ليلة',
    subtitle: 'Book a pitch for your team in a few taps.',
    arSubtitle: 'احجز ملعبًا لفريقك ببضع لمسات.',
    image: 'carousel/floodlit-pitch.svg',
    link: '/#facilities',
  },
  {
    title: 'Make a splash this summer',
    arTitle: 'استمتع بالسباحة هذا الصيف',
    subtitle: 'Swimming lessons for every age at the Aquatic Centre.',
    arSubtitle: 'دروس سباحة لجميع الأعمار في مركز الألعاب المائية.',
    image: 'carousel/aquatic-centre.svg',
    link: '/academies',
  },
  {
    title: 'Sunset on the marina',
    arTitle: 'غروب الشمس على المرسى',
    subtitle: 'Concerts, runs and family days all season long.',
    arSubtitle: 'حفلات وسباقات وأيام عائلية طوال الموسم.',
    image: 'carousel/marina-sunset.svg',
    link: '/events',
  },
];

/**
 * Seeds the demo venue. Every date is counted from `now` in the venue's time zone,
 * so a freshly seeded demo is never in the past.
 */
export async function seedDemo(db: Database, now: Date) {
  const { today } = venueNow(VENUE_TIME_ZONE, now);
  const day = (offset: number) => addDays(today, offset) ?? today;

  const [venue] = await db
    .insert(venues)
    .values({ code: 'marina-park', vtoken: DEMO_VTOKEN, config: demoConfig(0, null) })
    .returning({ id: venues.id });
  if (!venue) throw new Error('the demo venue was not created');

  const createdPages = await db
    .insert(pages)
    .values(demoPages.map((page) => ({ ...page, venueId: venue.id, updatedAt: now })))
    .returning({ id: pages.id, slug: pages.slug });
  const aboutPageId = createdPages.find((page) => page.slug === 'about-us')?.id ?? null;
  await db
    .update(venues)
    .set({ config: siteConfig.parse(demoConfig(venue.id, aboutPageId)) })
    .where(eq(venues.id, venue.id));

  await db.insert(carouselItems).values(carousel.map((slide, sort) => ({ ...slide, sort, venueId: venue.id })));

  await db.insert(events).values([
    {
      venueId: venue.id,
      name: 'Football Cup Final',
      arName: 'نهائي كأس كرة القدم',
      description: "The season's two best teams meet under the floodlights of the main stadium for the Marina Cup.",
      arDescription: 'يلتقي أفضل فريقين في الموسم تحت أضواء الملعب الرئيسي على كأس مارينا.',
      imagePath: 'events/football-cup-final.svg',
      startDate: day(10),
      endDate: day(10),
      schedules: [{ start_time: '19:00:00', end_time: '21:30:00' }],
      location: 'Main Stadium',
      arLocation: 'الملعب الرئيسي',
      price: 75,
      capacity: 400,
    },
    {
      venueId: venue.id,
      name: 'Summer Music Night',
      arName: 'ليلة الموسيقى الصيفية',
      description: 'An open-air concert on the lagoon lawn with local bands and food trucks.',
      arDescription: 'حفل موسيقي في الهواء الطلق على عشب البحيرة مع فرق محلية وعربات طعام.',
      imagePath: 'events/summer-music-night.svg',
      startDate: day(24),
      endDate: day(25),
      schedules: [{ start_time: '20:00:00', end_time: '23:00:00' }],
      location: 'Lagoon Lawn',
      arLocation: 'حديقة البحيرة',
      price: 120,
      capacity: 250,
    },
    {
      venueId: venue.id,
      name: 'Family Fun Run',
      arName: 'سباق المرح العائلي',
      description: 'A 5 km run along the marina promenade for all ages, with a medal for every finisher.',
      arDescription: 'سباق لمسافة 5 كم على ممشى المرسى لجميع الأعمار، مع ميدالية لكل من يُكمل السباق.',
      imagePath: 'events/family-fun-run.svg',
      startDate: day(38),
      endDate: day(38),
      schedules: [{ start_time: '07:00:00', end_time: '10:00:00' }],
      location: 'Marina Promenade',
      arLocation: 'ممشى المرسى',
      price: 50,
      capacity: 150,
    },
  ]);

  await db.insert(trainers).values([
    {
      venueId: venue.id,
      name: 'Coach Sara Al Mansoori',
      arName: 'المدربة سارة المنصوري',
      description: 'Former national team swimmer who teaches stroke technique to children and adults.',
      arDescription: 'سبّاحة سابقة في المنتخب الوطني تعلّم تقنيات السباحة للأطفال والكبار.',
      imagePath: 'trainers/sara-al-mansoori.svg',
      specialty: 'Swimming',
      arSpecialty: 'السباحة',
      sessionMinutes: 60,
      sessionPrice: 250,
    },
    {
      venueId: venue.id,
      name: 'Coach Omar Haddad',
      arName: 'المدرب عمر حداد',
      description: 'Certified tennis coach focused on footwork, serve and match play.',
      arDescription: 'مدرب تنس معتمد يركّز على حركة القدمين والإرسال واللعب التنافسي.',
      imagePath: 'trainers/omar-haddad.svg',
      specialty: 'Tennis',
      arSpecialty: 'التنس',
      sessionMinutes: 60,
      sessionPrice: 300,
    },
    {
      venueId: venue.id,
      name: 'Coach Priya Nair',
      arName: 'المدربة بريا ناير',
      description: 'Personal trainer for strength, mobility and sunrise yoga on the beach deck.',
      arDescription: 'مدربة شخصية للقوة والمرونة ويوغا الشروق على منصة الشاطئ.',
      imagePath: 'trainers/priya-nair.svg',
      specialty: 'Fitness & Yoga',
      arSpecialty: 'اللياقة واليوغا',
      sessionMinutes: 45,
      sessionPrice: 200,
    },
  ]);

  await db.insert(academies).values([
    {
      venueId: venue.id,
      name: 'Junior Swimming Academy',
      arName: 'أكاديمية السباحة للناشئين',
      description: 'Small-group swimming lessons from first strokes to confident lengths.',
      arDescription: 'دروس سباحة في مجموعات صغيرة من الضربات الأولى حتى السباحة بثقة.',
      imagePath: 'academies/junior-swimming.svg',
      startDate: day(7),
      endDate: day(97),
      schedules: [{ start_time: '16:00:00', end_time: '17:00:00' }],
      location: 'Marina Aquatic Centre',
      arLocation: 'مركز مارينا للألعاب المائية',
      minAge: 5,
      maxAge: 12,
      price: 1200,
    },
    {
      venueId: venue.id,
      name: 'Tennis Academy',
      arName: 'أكاديمية التنس',
      description: 'Weekly coaching on clay and hard courts, grouped by level.',
      arDescription: 'تدريب أسبوعي على الملاعب الرملية والصلبة بحسب المستوى.',
      imagePath: 'academies/tennis.svg',
      startDate: day(14),
      endDate: day(104),
      schedules: [{ start_time: '17:00:00', end_time: '18:30:00' }, { start_time: '18:30:00', end_time: '20:00:00' }],
      location: 'Marina Tennis Club',
      arLocation: 'نادي مارينا للتنس',
      minAge: 7,
      maxAge: 16,
      price: 1500,
    },
    {
      venueId: venue.id,
      name: 'Youth Football Academy',
      arName: 'أكاديمية كرة القدم للشباب',
      description: 'Ball skills, teamwork and friendly matches with licensed coaches.',
      arDescription: 'مهارات الكرة والعمل الجماعي ومباريات ودية مع مدربين معتمدين.',
      imagePath: 'academies/youth-football.svg',
      startDate: day(3),
      endDate: day(120),
      location: 'Main Stadium',
      arLocation: 'الملعب الرئيسي',
      minAge: 6,
      maxAge: 14,
      price: 1000,
    },
  ]);

  // Each account gets its own salt; hashing them together keeps seeding (and every test's set-up) quick.
  const passwordHashes = await Promise.all(Array.from({ length: 6 }, () => hashPassword(DEMO_PASSWORD)));
  const passwordHash = () => {
    const next = passwordHashes.pop();
    if (!next) throw new Error('more demo accounts than password hashes');
    return next;
  };
  await db.insert(customers).values([
    {
      firstName: 'Layla',
      lastName: 'Hassan',
      email: DEMO_ACCOUNTS.customer.email,
      mobile: DEMO_ACCOUNTS.customer.mobile,
      countryCode: '971',
      passwordHash: passwordHash(),
      dob: '1990-04-12',
      gender: 'Female',
      nationality: 'AE',
    },
    {
      firstName: 'Ahmed',
      lastName: 'Al Farsi',
      email: DEMO_ACCOUNTS.member.email,
      mobile: DEMO_ACCOUNTS.member.mobile,
      countryCode: '971',
      passwordHash: passwordHash(),
      membershipCardNumber: 'MSP-100245',
      dob: '1985-09-30',
      gender: 'Male',
      nationality: 'OM',
    },
    {
      firstName: 'Noura',
      lastName: 'Khalid',
      email: DEMO_ACCOUNTS.partner.email,
      mobile: DEMO_ACCOUNTS.partner.mobile,
      countryCode: '971',
      passwordHash: passwordHash(),
      b2bId: 501,
      b2bType: 'b2b',
      entityName: 'Gulf Corporate Events LLC',
      entityType: 'Event organiser',
      contactPerson: 'Noura Khalid',
    },
    {
      firstName: 'Daniel',
      lastName: 'Smith',
      email: DEMO_ACCOUNTS.employee.email,
      mobile: DEMO_ACCOUNTS.employee.mobile,
      countryCode: '971',
      passwordHash: passwordHash(),
      b2bId: 502,
      b2bType: 'b2e',
    },
    {
      firstName: 'Guest',
      lastName: 'Visitor',
      email: DEMO_ACCOUNTS.guest.email,
      mobile: DEMO_ACCOUNTS.guest.mobile,
      countryCode: '971',
      isAnonymous: true,
    },
    {
      firstName: 'Sara',
      lastName: 'Al Mansoori',
      email: DEMO_ACCOUNTS.trainer.email,
      mobile: DEMO_ACCOUNTS.trainer.mobile,
      countryCode: '971',
      passwordHash: passwordHash(),
      isTrainer: true,
      gender: 'Female',
    },
    {
      firstName: 'Omar',
      lastName: 'Rashid',
      email: DEMO_ACCOUNTS.pendingPartner.email,
      mobile: DEMO_ACCOUNTS.pendingPartner.mobile,
      countryCode: '971',
      passwordHash: passwordHash(),
      b2bType: 'b2b',
      approvalStatus: 'pending',
      entityName: 'Desert Adventures Tourism LLC',
      entityType: 'Tour operator',
      contactPerson: 'Omar Rashid',
    },
  ]);

  await seedFacilities(db, venue.id, day);
  await seedVisitorDetails(db, venue.id, DEMO_ACCOUNTS.customer);
  await seedCommerce(db, venue.id, day, { customer: DEMO_ACCOUNTS.customer.email, member: DEMO_ACCOUNTS.member.email, partner: DEMO_ACCOUNTS.partner.email });
  await seedTicketOrders(db, venue.id, day, DEMO_ACCOUNTS.customer.email);
  await seedWallet(db, venue.id, today, { customer: DEMO_ACCOUNTS.customer.email, partner: DEMO_ACCOUNTS.partner.email, employee: DEMO_ACCOUNTS.employee.email });
  await seedOffersOutlets(db, venue.id, day);
  await seedPagedCatalogue(db, venue.id, day);
  await seedBookingHistory(db, { id: venue.id, currency: 'AED', zone: VENUE_TIME_ZONE }, day, now, { customer: DEMO_ACCOUNTS.customer.email, member: DEMO_ACCOUNTS.member.email, partner: DEMO_ACCOUNTS.partner.email });
  await seedLeadForms(db, venue.id);
  await seedTerminals(db, venue.id);
  await seedBookingPolicies(db, venue.id);
  await seedRemoteConfig(db, venue.id);
  await seedProfiles(db, venue.id, day, { customer: DEMO_ACCOUNTS.customer.email, member: DEMO_ACCOUNTS.member.email });
}

/** Advisory lock class of the first start's seeding. */
const SEED_LOCK = 7390;

/**
 * Seeds the demo venue unless a venue exists already (first start). Several server processes may start at once on
 * one empty database: one seeds, the others wait for it and find the venue there.
 */
export async function seedDemoIfEmpty(db: Database, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ id: venues.id }).from(venues).limit(1);
    if (existing) return false;
    await seedDemo(tx, now);
    return true;
  });
}
