import { and, eq, sql } from 'drizzle-orm';
import { type AdditionalFieldDefinition, type FieldVisibility } from '../../src/domain/contract/visitors';
import { type Database } from '../db/client';
import { customers } from '../db/schema/accounts';
import { venueServices, type ServiceFieldConfig } from '../db/schema/facilities';
import { countries, customerAdditionalData, customerTags, familyMembers } from '../db/schema/visitors';

/** The United Arab Emirates first (the venue's home), then the region and the most common visitors' countries. */
type DemoCountry = {
  name: string;
  arName: string;
  iso2: string;
  iso3: string;
  diallingCode: string;
  /** Given only for the Gulf countries, Pakistan, the United Kingdom and the United States, as the venue API does. */
  currency?: { name: string; code: string; symbol: string };
};

export const DEMO_COUNTRIES: readonly DemoCountry[] = [
  { name: 'United Arab Emirates', arName: 'الإمارات العربية المتحدة', iso2: 'AE', iso3: 'ARE', diallingCode: '971', currency: { name: 'UAE Dirham', code: 'AED', symbol: 'د.إ' } },
  { name: 'Saudi Arabia', arName: 'المملكة العربية السعودية', iso2: 'SA', iso3: 'SAU', diallingCode: '966', currency: { name: 'Saudi Riyal', code: 'SAR', symbol: 'ر.س' } },
  { name: 'Oman', arName: 'عُمان', iso2: 'OM', iso3: 'OMN', diallingCode: '968', currency: { name: 'Omani Rial', code: 'OMR', symbol: 'ر.ع.' } },
  { name: 'Qatar', arName: 'قطر', iso2: 'QA', iso3: 'QAT', diallingCode: '974', currency: { name: 'Qatari Riyal', code: 'QAR', symbol: 'ر.ق' } },
  { name: 'Kuwait', arName: 'الكويت', iso2: 'KW', iso3: 'KWT', diallingCode: '965', currency: { name: 'Kuwaiti Dinar', code: 'KWD', symbol: 'د.ك' } },
  { name: 'Bahrain', arName: 'البحرين', iso2: 'BH', iso3: 'BHR', diallingCode: '973', currency: { name: 'Bahraini Dinar', code: 'BHD', symbol: 'د.ب' } },
  { name: 'Egypt', arName: 'مصر', iso2: 'EG', iso3: 'EGY', diallingCode: '20' },
  { name: 'Jordan', arName: 'الأردن', iso2: 'JO', iso3: 'JOR', diallingCode: '962' },
  { name: 'Lebanon', arName: 'لبنان', iso2: 'LB', iso3: 'LBN', diallingCode: '961' },
  { name: 'Syria', arName: 'سوريا', iso2: 'SY', iso3: 'SYR', diallingCode: '963' },
  { name: 'Iraq', arName: 'العراق', iso2: 'IQ', iso3: 'IRQ', diallingCode: '964' },
  { name: 'Palestine', arName: 'فلسطين', iso2: 'PS', iso3: 'PSE', diallingCode: '970' },
  { name: 'Yemen', arName: 'اليمن', iso2: 'YE', iso3: 'YEM', diallingCode: '967' },
  { name: 'Morocco', arName: 'المغرب', iso2: 'MA', iso3: 'MAR', diallingCode: '212' },
  { name: 'Tunisia', arName: 'تونس', iso2: 'TN', iso3: 'TUN', diallingCode: '216' },
  { name: 'Algeria', arName: 'الجزائر', iso2: 'DZ', iso3: 'DZA', diallingCode: '213' },
  { name: 'Sudan', arName: 'السودان', iso2: 'SD', iso3: 'SDN', diallingCode: '249' },
  { name: 'India', arName: 'الهند', iso2: 'IN', iso3: 'IND', diallingCode: '91' },
  { name: 'Pakistan', arName: 'باكستان', iso2: 'PK', iso3: 'PAK', diallingCode: '92', currency: { name: 'Pakistani Rupee', code: 'PKR', symbol: 'Rs' } },
  { name: 'Bangladesh', arName: 'بنغلاديش', iso2: 'BD', iso3: 'BGD', diallingCode: '880' },
  { name: 'Sri Lanka', arName: 'سريلانكا', iso2: 'LK', iso3: 'LKA', diallingCode: '94' },
  { name: 'Nepal', arName: 'نيبال', iso2: 'NP', iso3: 'NPL', diallingCode: '977' },
  { name: 'Philippines', arName: 'الفلبين', iso2: 'PH', iso3: 'PHL', diallingCode: '63' },
  { name: 'Indonesia', arName: 'إندونيسيا', iso2: 'ID', iso3: 'IDN', diallingCode: '62' },
  { name: 'Iran', arName: 'إيران', iso2: 'IR', iso3: 'IRN', diallingCode: '98' },
  { name: 'Turkey', arName: 'تركيا', iso2: 'TR', iso3: 'TUR', diallingCode: '90' },
  { name: 'United Kingdom', arName: 'المملكة المتحدة', iso2: 'GB', iso3: 'GBR', diallingCode: '44', currency: { name: 'Pound Sterling', code: 'GBP', symbol: '£' } },
  { name: 'Ireland', arName: 'أيرلندا', iso2: 'IE', iso3: 'IRL', diallingCode: '353' },
  { name: 'France', arName: 'فرنسا', iso2: 'FR', iso3: 'FRA', diallingCode: '33' },
  { name: 'Germany', arName: 'ألمانيا', iso2: 'DE', iso3: 'DEU', diallingCode: '49' },
  { name: 'Italy', arName: 'إيطاليا', iso2: 'IT', iso3: 'ITA', diallingCode: '39' },
  { name: 'Spain', arName: 'إسبانيا', iso2: 'ES', iso3: 'ESP', diallingCode: '34' },
  { name: 'Netherlands', arName: 'هولندا', iso2: 'NL', iso3: 'NLD', diallingCode: '31' },
  { name: 'Russia', arName: 'روسيا', iso2: 'RU', iso3: 'RUS', diallingCode: '7' },
  { name: 'United States', arName: 'الولايات المتحدة', iso2: 'US', iso3: 'USA', diallingCode: '1', currency: { name: 'US Dollar', code: 'USD', symbol: '$' } },
  { name: 'Canada', arName: 'كندا', iso2: 'CA', iso3: 'CAN', diallingCode: '1' },
  { name: 'Australia', arName: 'أستراليا', iso2: 'AU', iso3: 'AUS', diallingCode: '61' },
  { name: 'South Africa', arName: 'جنوب أفريقيا', iso2: 'ZA', iso3: 'ZAF', diallingCode: '27' },
  { name: 'Nigeria', arName: 'نيجيريا', iso2: 'NG', iso3: 'NGA', diallingCode: '234' },
  { name: 'Kenya', arName: 'كينيا', iso2: 'KE', iso3: 'KEN', diallingCode: '254' },
  { name: 'China', arName: 'الصين', iso2: 'CN', iso3: 'CHN', diallingCode: '86' },
  { name: 'Japan', arName: 'اليابان', iso2: 'JP', iso3: 'JPN', diallingCode: '81' },
  { name: 'South Korea', arName: 'كوريا الجنوبية', iso2: 'KR', iso3: 'KOR', diallingCode: '82' },
];

/** 'Purpose of visit' choices. */
export const DEMO_CUSTOMER_TAGS: readonly { name: string; arName: string }[] = [
  { name: 'Leisure', arName: 'ترفيه' },
  { name: 'Birthday party', arName: 'حفلة عيد ميلاد' },
  { name: 'School trip', arName: 'رحلة مدرسية' },
  { name: 'Corporate event', arName: 'فعالية شركة' },
  { name: 'Sports training', arName: 'تدريب رياضي' },
  { name: 'Tourism', arName: 'سياحة' },
];

const shown = (isRequired: 0 | 1): FieldVisibility => ({ is_visible: 1, is_required: isRequired });
const hidden: FieldVisibility = { is_visible: 0, is_required: 0 };

/** The service that asks for everything: one additional field of every type (the e2e booking of a ticket uses it). */
export const FULL_FIELD_SERVICE_NAME = 'Aqua Park';

const option = (value: string, label: string, arLabel: string) => ({ value, label, ar_label: arLabel });

export const AQUA_PARK_ADDITIONAL_FIELDS: AdditionalFieldDefinition[] = [
  { id: 1, slug: 'emergency_contact_name', name: 'Emergency contact name', ar_name: 'اسم جهة الاتصال للطوارئ', type: 'text_box', is_required: 1, options: [] },
  { id: 2, slug: 'guardian_emirates_id', name: 'Guardian Emirates ID', ar_name: 'الهوية الإماراتية لولي الأمر', type: 'emirates_id', is_required: 0, options: [] },
  { id: 3, slug: 'guardian_email', name: 'Guardian email', ar_name: 'البريد الإلكتروني لولي الأمر', type: 'email', is_required: 0, options: [] },
  { id: 4, slug: 'last_swimming_lesson', name: 'Last swimming lesson', ar_name: 'آخر درس سباحة', type: 'date', is_required: 0, options: [] },
  {
    id: 5,
    slug: 'swimming_ability',
    name: 'Swimming ability',
    ar_name: 'مستوى السباحة',
    type: 'radio_buttons',
    is_required: 1,
    options: [option('beginner', 'Beginner', 'مبتدئ'), option('intermediate', 'Intermediate', 'متوسط'), option('advanced', 'Advanced', 'متقدم')],
  },
  {
    id: 6,
    slug: 'tshirt_size',
    name: 'T-shirt size',
    ar_name: 'مقاس القميص',
    type: 'drop_down',
    is_required: 0,
    options: [option('S', 'Small', 'صغير'), option('M', 'Medium', 'متوسط'), option('L', 'Large', 'كبير'), option('XL', 'Extra large', 'كبير جدًا')],
  },
  { id: 7, slug: 'country_of_residence', name: 'Country of residence', ar_name: 'بلد الإقامة', type: 'country', is_required: 0, options: [] },
  { id: 8, slug: 'medical_certificate', name: 'Medical certificate', ar_name: 'شهادة طبية', type: 'file', is_required: 0, options: [] },
  {
    id: 9,
    slug: 'activities',
    name: 'Activities of interest',
    ar_name: 'الأنشطة المفضلة',
    type: 'check_boxes',
    is_required: 0,
    options: [option('slides', 'Water slides', 'الزلاقات المائية'), option('wave_pool', 'Wave pool', 'حوض الأمواج'), option('lazy_river', 'Lazy river', 'النهر الهادئ')],
  },
  { id: 10, slug: 'medical_conditions', name: 'Medical conditions or allergies', ar_name: 'حالات طبية أو حساسية', type: 'text_area', is_required: 0, options: [] },
  { id: 11, slug: 'emergency_contact_number', name: 'Emergency contact number', ar_name: 'رقم الطوارئ', type: 'phone_number', is_required: 1, options: [] },
  {
    id: 12,
    slug: 'safety_waiver',
    name: 'Safety waiver',
    ar_name: 'إقرار السلامة',
    type: 'disclaimer_form',
    is_required: 1,
    options: [],
    content:
      'I, {customer_name}, confirm that I will follow the lifeguards’ instructions and the park’s safety rules during my visit on {booking_date}, and that I take part at my own risk.',
    ar_content: 'أقر أنا، {customer_name}، بأنني سألتزم بتعليمات المنقذين وقواعد السلامة في المنتزه خلال زيارتي بتاريخ {booking_date}، وأنني أشارك على مسؤوليتي الخاصة.',
  },
];

export const AQUA_PARK_FIELD_CONFIG: ServiceFieldConfig = {
  dob: shown(1),
  nationality: shown(0),
  id: shown(1),
  religion: hidden,
  tag: shown(0),
  gender: shown(0),
  booking_reason: shown(0),
  additional_fields: AQUA_PARK_ADDITIONAL_FIELDS,
};

/** Other per-capacity services ask a little about each visitor and nothing extra. */
export const BASIC_FIELD_CONFIG: ServiceFieldConfig = {
  dob: shown(0),
  nationality: shown(0),
  id: hidden,
  religion: hidden,
  tag: shown(0),
  gender: shown(0),
  additional_fields: [],
};

/** The demo customer's saved family: Omar has answers saved for facility bookings, Mariam has none. */
export const DEMO_FAMILY = {
  withSavedData: { firstName: 'Omar', lastName: 'Hassan' },
  withoutSavedData: { firstName: 'Mariam', lastName: 'Hassan' },
} as const;

/** Countries, purpose-of-visit tags, each service's visitor fields, the demo customer's family members and saved answers. */
export async function seedVisitorDetails(db: Database, venueId: number, customer: { email: string; mobile: string }): Promise<void> {
  const insertedCountries = await db
    .insert(countries)
    .values(
      DEMO_COUNTRIES.map(({ currency, ...country }) => ({
        ...country,
        currencyName: currency?.name ?? null,
        currencyCode: currency?.code ?? null,
        currencySymbol: currency?.symbol ?? null,
      })),
    )
    .returning({ id: countries.id, name: countries.name });
  const countryId = (name: string) => insertedCountries.find((country) => country.name === name)?.id ?? null;

  await db.insert(customerTags).values(DEMO_CUSTOMER_TAGS.map((tag) => ({ ...tag, venueId })));

  await db
    .update(venueServices)
    .set({ fieldConfig: AQUA_PARK_FIELD_CONFIG })
    .where(and(eq(venueServices.venueId, venueId), eq(venueServices.name, FULL_FIELD_SERVICE_NAME)));
  await db
    .update(venueServices)
    .set({ fieldConfig: BASIC_FIELD_CONFIG })
    .where(and(eq(venueServices.venueId, venueId), eq(venueServices.perCapacity, true), sql`${venueServices.name} <> ${FULL_FIELD_SERVICE_NAME}`));

  const [owner] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email)).limit(1);
  if (!owner) throw new Error('the demo customer must be seeded before the visitor details');
  const uae = countryId('United Arab Emirates');
  const members = [
    {
      ...DEMO_FAMILY.withSavedData,
      email: 'omar.hassan@example.com',
      mobile: '+971551112233',
      dob: '2012-07-21',
      gender: 'Male' as const,
      idProofTypeId: 32,
      idProofNumber: '784-2012-1234567-8',
    },
    {
      ...DEMO_FAMILY.withoutSavedData,
      email: 'mariam.hassan@example.com',
      mobile: '+971552223344',
      dob: '2016-02-14',
      gender: 'Female' as const,
      idProofTypeId: 33,
      idProofNumber: 'P1234567',
    },
  ];
  // The member's own customer row carries no e-mail or mobile: those identify accounts that log in.
  const memberCustomers = await db
    .insert(customers)
    .values(members.map((member) => ({ firstName: member.firstName, lastName: member.lastName, dob: member.dob, gender: member.gender })))
    .returning({ id: customers.id });
  const [omar, mariam] = memberCustomers;
  if (!omar || !mariam) throw new Error('the demo family members were not created');
  await db.insert(familyMembers).values(
    members.map((member, index) => ({ ...member, ownerId: owner.id, memberId: memberCustomers[index]!.id, countryCode: '971', nationality: uae })),
  );

  await db.insert(customerAdditionalData).values({
    customerId: omar.id,
    productType: 'facility',
    fields: [
      { id: 1, slug: 'emergency_contact_name', value: 'Layla Hassan' },
      { id: 5, slug: 'swimming_ability', value: 'intermediate' },
      { id: 6, slug: 'tshirt_size', value: 'M' },
      { id: 9, slug: 'activities', value: ['slides', 'lazy_river'] },
      { id: 10, slug: 'medical_conditions', value: 'Mild asthma; carries an inhaler.' },
      { id: 11, slug: 'emergency_contact_number', value: customer.mobile },
    ],
  });
}
