import { vatOn } from '../../src/domain/money';
import { type Database } from '../db/client';
import { offers, outletProducts, outlets } from '../db/schema/catalogue';

/** Prices before VAT; the tax is VAT_PERCENT (5%) of them, kept per row as the order charges it. */
const withVat = (price: number) => ({ price, taxAmount: vatOn(price) });

/**
 * The demo venue's packages (three on sale, one ended) and its two outlets with their products. Dates are
 * relative to `day(0)`, the venue's today.
 */
export async function seedOffersOutlets(db: Database, venueId: number, day: (offset: number) => string): Promise<void> {
  await db.insert(offers).values([
    {
      venueId,
      name: 'Family Fun Day',
      arName: 'يوم المرح العائلي',
      description: 'Aqua Park entry for four, lunch at the Poolside Café and an hour of bowling.',
      arDescription: 'دخول الحديقة المائية لأربعة أشخاص وغداء في مقهى المسبح وساعة من البولينج.',
      ...withVat(400),
      validFrom: day(-10),
      validTo: day(60),
    },
    {
      venueId,
      name: 'Splash & Bowl Combo',
      arName: 'باقة السباحة والبولينج',
      description: 'One Aqua Park day pass and one bowling game.',
      arDescription: 'تذكرة يومية للحديقة المائية ولعبة بولينج واحدة.',
      ...withVat(180),
      validFrom: day(-30),
      validTo: day(90),
    },
    {
      venueId,
      name: 'Weekend Pitch Pack',
      arName: 'باقة ملعب نهاية الأسبوع',
      description: 'Four weekend hours on the main pitch with bibs and balls.',
      arDescription: 'أربع ساعات في عطلة نهاية الأسبوع على الملعب الرئيسي مع السترات والكرات.',
      ...withVat(600),
      validFrom: day(0),
      validTo: day(30),
    },
    {
      venueId,
      name: 'Spring Special',
      arName: 'عرض الربيع',
      description: 'Ended last month.',
      arDescription: 'انتهى الشهر الماضي.',
      ...withVat(150),
      validFrom: day(-90),
      validTo: day(-30),
    },
  ]);

  const [cafe, shop] = await db
    .insert(outlets)
    .values([
      { venueId, name: 'Poolside Café', arName: 'مقهى المسبح', description: 'Fresh juices, coffee and light meals by the pool.', arDescription: 'عصائر طازجة وقهوة ووجبات خفيفة بجانب المسبح.' },
      { venueId, name: 'Pro Shop', arName: 'متجر المحترفين', description: 'Sports gear for the pool, the pitch and the lanes.', arDescription: 'معدات رياضية للمسبح والملعب والممرات.' },
    ])
    .returning({ id: outlets.id });
  if (!cafe || !shop) throw new Error('demo outlets missing');
  await db.insert(outletProducts).values([
    { outletId: cafe.id, name: 'Fresh Orange Juice', arName: 'عصير برتقال طازج', ...withVat(20) },
    { outletId: cafe.id, name: 'Iced Coffee', arName: 'قهوة مثلجة', ...withVat(18) },
    { outletId: cafe.id, name: 'Club Sandwich', arName: 'ساندويتش كلوب', ...withVat(35) },
    { outletId: shop.id, name: 'Swim Goggles', arName: 'نظارات سباحة', ...withVat(60) },
    { outletId: shop.id, name: 'Sports Cap', arName: 'قبعة رياضية', ...withVat(40) },
    { outletId: shop.id, name: 'Match Football', arName: 'كرة قدم للمباريات', ...withVat(120) },
  ]);
}
