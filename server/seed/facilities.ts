import { vatOn } from '../../src/domain/money';
import { type Database } from '../db/client';
import { addonCategories, facilities, facilityBlocks, facilityBookings, facilityFormations, facilityProducts, facilityTimings, gameFormations, productDependencies, products, surfaces, venueServices } from '../db/schema/facilities';

/** Channel bit flags of facility timings. */
const B2C = 1;
const MEMBERS = 2;
const PARTNERS = 4;
const MONDAY = 2;
const WEDNESDAY = 8;

const PITCH_IMAGE = 'carousel/floodlit-pitch.svg';
const POOL_IMAGE = 'carousel/aquatic-centre.svg';

type NewFacility = typeof facilities.$inferInsert;
type NewProduct = Omit<typeof products.$inferInsert, 'venueId'>;

async function insertOne<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('a demo facility row was not created');
  return row;
}

/**
 * The demo venue's services, facilities, products and what already fills their schedules (dates relative to
 * `day(0)`, the venue's today):
 *
 * - Football Pitches: pitches, not per-capacity, 60 to 180 minutes by 30; the Main Stadium Pitch is the parent of
 *   two halves; rentals per 30 minutes plus floodlights from 18:00 (5% VAT); open 06:00–23:00 (B2C), 05:00–23:00
 *   (Members), 06:00–24:00 (Partners). Indoor Arena closed for maintenance on day(1) 08:00–12:00; the Five-a-side
 *   Cage has a workshop on Mondays and Wednesdays 16:00–18:00.
 * - Aqua Park: per-capacity (120 per slot) with Adult, Child, Family Pass (4 participants), Cabana Pass (stock of 4
 *   per slot) and Slides Day Pass (a dependency pair with Adult, period 'D'); a private event on day(2)
 *   14:00–17:00. The Wave Pool counts 200 participants per day.
 * - Bowling: per-capacity lanes filtered by ticket (filter_by 2).
 * - pos (public, hidden by the client) and Staff Training Room (not public).
 */
export async function seedFacilities(db: Database, venueId: number, day: (offset: number) => string): Promise<void> {
  const [grass, turf] = await db
    .insert(surfaces)
    .values([
      { venueId, name: 'Natural grass', arName: 'عشب طبيعي' },
      { venueId, name: 'Artificial turf', arName: 'عشب صناعي' },
    ])
    .returning();
  const [fiveASide, sevenASide, elevenASide] = await db
    .insert(gameFormations)
    .values([
      { venueId, name: '5-a-side', arName: 'خماسي' },
      { venueId, name: '7-a-side', arName: 'سباعي' },
      { venueId, name: '11-a-side', arName: 'أحد عشر لاعبًا' },
    ])
    .returning();
  if (!grass || !turf || !fiveASide || !sevenASide || !elevenASide) throw new Error('demo surfaces or formations missing');

  const [football, aqua, bowling] = await db
    .insert(venueServices)
    .values([
      {
        venueId,
        sort: 1,
        name: 'Football Pitches',
        arName: 'ملاعب كرة القدم',
        filterBy: 1,
        minBookingTime: 60,
        maxBookingTime: 180,
        timeIncrement: 30,
        advanceBookingDaysLimit: 30,
      },
      {
        venueId,
        sort: 2,
        name: 'Aqua Park',
        arName: 'الحديقة المائية',
        perCapacity: true,
        gameFormationEnabled: false,
        surfaceEnabled: false,
        minBookingTime: 60,
        maxBookingTime: 180,
        timeIncrement: 60,
        advanceBookingDaysLimit: 60,
      },
      {
        venueId,
        sort: 3,
        name: 'Bowling',
        arName: 'البولينج',
        perCapacity: true,
        filterBy: 2,
        gameFormationEnabled: false,
        surfaceEnabled: false,
        outdoorEnabled: false,
        minBookingTime: 60,
        maxBookingTime: 120,
        timeIncrement: 60,
        advanceBookingDaysLimit: 14,
      },
      { venueId, sort: 90, name: 'pos', arName: 'نقاط البيع' },
      { venueId, sort: 91, name: 'Staff Training Room', arName: 'قاعة تدريب الموظفين', isPublic: false },
    ])
    .returning();
  if (!football || !aqua || !bowling) throw new Error('demo services missing');

  const pitch = (values: Omit<NewFacility, 'venueServiceId'>) => insertOne(db.insert(facilities).values({ venueServiceId: football.id, ...values }).returning());
  const mainPitch = await pitch({ sort: 1, name: 'Main Stadium Pitch', arName: 'ملعب الاستاد الرئيسي', image: PITCH_IMAGE, surfaceId: grass.id, isOutdoor: true });
  const halfA = await pitch({ sort: 2, name: 'Main Pitch Half A', arName: 'نصف الملعب الرئيسي أ', image: PITCH_IMAGE, surfaceId: grass.id, isOutdoor: true, parentFacilityId: mainPitch.id });
  const halfB = await pitch({ sort: 3, name: 'Main Pitch Half B', arName: 'نصف الملعب الرئيسي ب', image: PITCH_IMAGE, surfaceId: grass.id, isOutdoor: true, parentFacilityId: mainPitch.id });
  const arena = await pitch({ sort: 4, name: 'Indoor Arena', arName: 'الصالة المغلقة', surfaceId: turf.id, isOutdoor: false });
  const cage = await pitch({ sort: 5, name: 'Five-a-side Cage', arName: 'قفص الخماسيات', surfaceId: turf.id, isOutdoor: true });

  const [aquaPark, wavePool, lanes, vipLanes] = await db
    .insert(facilities)
    .values([
      { venueServiceId: aqua.id, sort: 1, name: 'Aqua Park', arName: 'الحديقة المائية', image: POOL_IMAGE, perCapacity: true, capacity: 120, isOutdoor: true },
      { venueServiceId: aqua.id, sort: 2, name: 'Wave Pool', arName: 'حوض الأمواج', image: POOL_IMAGE, perCapacity: true, capacity: 200, perDayCapacity: true, isOutdoor: true },
      { venueServiceId: bowling.id, sort: 1, name: 'Bowling Lanes', arName: 'ممرات البولينج', perCapacity: true, capacity: 36 },
      { venueServiceId: bowling.id, sort: 2, name: 'VIP Lanes', arName: 'ممرات كبار الشخصيات', perCapacity: true, capacity: 12 },
    ])
    .returning();
  if (!aquaPark || !wavePool || !lanes || !vipLanes) throw new Error('demo per-capacity facilities missing');

  await db.insert(facilityFormations).values([
    { facilityId: mainPitch.id, gameFormationId: elevenASide.id },
    { facilityId: halfA.id, gameFormationId: sevenASide.id },
    { facilityId: halfB.id, gameFormationId: sevenASide.id },
    { facilityId: arena.id, gameFormationId: fiveASide.id },
    { facilityId: cage.id, gameFormationId: fiveASide.id },
    { facilityId: cage.id, gameFormationId: sevenASide.id },
  ]);

  const pitches = [mainPitch, halfA, halfB, arena, cage];
  await db.insert(facilityTimings).values([
    ...pitches.flatMap((each) => [
      { facilityId: each.id, channels: B2C, startTime: '06:00:00', endTime: '23:00:00' },
      { facilityId: each.id, channels: MEMBERS, startTime: '05:00:00', endTime: '23:00:00' },
      { facilityId: each.id, channels: PARTNERS, startTime: '06:00:00', endTime: '24:00:00' },
    ]),
    { facilityId: aquaPark.id, startTime: '10:00:00', endTime: '20:00:00' },
    { facilityId: wavePool.id, startTime: '10:00:00', endTime: '18:00:00' },
    { facilityId: lanes.id, startTime: '12:00:00', endTime: '24:00:00' },
    { facilityId: vipLanes.id, startTime: '16:00:00', endTime: '24:00:00' },
  ]);

  const [equipment, food] = await db
    .insert(addonCategories)
    .values([
      { venueId, sort: 1, name: 'Equipment', arName: 'المعدات' },
      { venueId, sort: 2, name: 'Food & Drinks', arName: 'الطعام والمشروبات' },
    ])
    .returning();
  if (!equipment || !food) throw new Error('demo add-on categories missing');

  const rental = (name: string, arName: string, price: number): NewProduct => ({ kind: 'rental', name, arName, price, taxAmount: vatOn(price), unitMinutes: 30 });
  const ticket = (name: string, arName: string, price: number, extra: Partial<NewProduct> = {}): NewProduct => ({
    kind: 'ticket',
    name,
    arName,
    price,
    taxAmount: vatOn(price),
    image: POOL_IMAGE,
    ...extra,
  });
  const addon = (name: string, arName: string, price: number, categoryId: number, extra: Partial<NewProduct> = {}): NewProduct => ({
    kind: 'addon',
    name,
    arName,
    price,
    taxAmount: vatOn(price),
    categoryId,
    ...extra,
  });
  const catalogue = {
    fullPitch: rental('Full Pitch Rental', 'إيجار الملعب الكامل', 200),
    halfPitch: rental('Half Pitch Rental', 'إيجار نصف الملعب', 110),
    arenaRental: rental('Indoor Arena Rental', 'إيجار الصالة المغلقة', 150),
    cageRental: rental('Cage Rental', 'إيجار القفص', 90),
    floodlights: rental('Floodlights', 'الإضاءة الكاشفة', 25),
    adult: ticket('Adult', 'بالغ', 100),
    child: ticket('Child', 'طفل', 60),
    family: ticket('Family Pass', 'تذكرة العائلة', 320, { participantCount: 4 }),
    cabana: ticket('Cabana Pass', 'تذكرة الكابانا', 200, { inventoryEnable: true, inventoryCapacity: 4 }),
    slidesDay: ticket('Slides Day Pass', 'تذكرة الزلاقات اليومية', 150),
    waveEntry: ticket('Wave Pool Entry', 'دخول حوض الأمواج', 50),
    bowlingGame: ticket('Bowling Game', 'مباراة بولينج', 40, { image: null }),
    vipGame: ticket('VIP Bowling Game', 'مباراة بولينج لكبار الشخصيات', 90, { image: null }),
    football: addon('Football Hire', 'استئجار كرة قدم', 10, equipment.id),
    bibs: addon('Training Bibs Set', 'طقم صدريات التدريب', 20, equipment.id),
    goggles: addon('Swim Goggles', 'نظارات السباحة', 15, equipment.id, { inventoryEnable: true, inventoryCapacity: 20, inventoryPeriod: 'D' }),
    socks: addon('Bowling Socks', 'جوارب البولينج', 5, equipment.id),
    water: addon('Water Bottle', 'زجاجة ماء', 4, food.id),
    sportsDrink: addon('Sports Drink', 'مشروب رياضي', 9, food.id),
    snackBox: addon('Snack Box', 'علبة وجبات خفيفة', 25, food.id),
  };
  const names = Object.keys(catalogue) as (keyof typeof catalogue)[];
  const inserted = await db
    .insert(products)
    .values(names.map((name) => ({ venueId, ...catalogue[name] })))
    .returning({ id: products.id });
  const product = Object.fromEntries(names.map((name, index) => [name, inserted[index]?.id ?? 0])) as Record<keyof typeof catalogue, number>;

  const sells = (facilityId: number, productIds: number[], hours: { startTime: string; endTime: string } | null = null) =>
    productIds.map((productId, sort) => ({ facilityId, productId, sort, ...(hours ?? {}) }));
  const evening = { startTime: '18:00:00', endTime: '24:00:00' };
  const pitchAddons = [product.football, product.bibs, product.water, product.sportsDrink];
  const poolAddons = [product.goggles, product.water, product.snackBox];
  const bowlingAddons = [product.socks, product.water, product.snackBox];
  await db.insert(facilityProducts).values([
    ...sells(mainPitch.id, [product.fullPitch, ...pitchAddons]),
    ...sells(halfA.id, [product.halfPitch, ...pitchAddons]),
    ...sells(halfB.id, [product.halfPitch, ...pitchAddons]),
    ...[mainPitch, halfA, halfB].flatMap((each) => sells(each.id, [product.floodlights], evening)),
    ...sells(arena.id, [product.arenaRental, ...pitchAddons]),
    ...sells(cage.id, [product.cageRental, ...pitchAddons]),
    ...sells(aquaPark.id, [product.adult, product.child, product.family, product.cabana, product.slidesDay, ...poolAddons]),
    ...sells(wavePool.id, [product.waveEntry, ...poolAddons]),
    ...sells(lanes.id, [product.bowlingGame, ...bowlingAddons]),
    ...sells(vipLanes.id, [product.bowlingGame, product.vipGame, ...bowlingAddons]),
  ]);
  await db.insert(productDependencies).values([
    { productId: product.slidesDay, dependsOnProductId: product.adult, period: 'D' },
    { productId: product.adult, dependsOnProductId: product.slidesDay, period: 'D' },
  ]);

  await db.insert(facilityBlocks).values([
    { facilityId: arena.id, kind: 'maintenance', startDate: day(1), endDate: day(1), startTime: '08:00:00', endTime: '12:00:00', note: 'Turf replacement' },
    { facilityId: aquaPark.id, kind: 'event', startDate: day(2), endDate: day(2), startTime: '14:00:00', endTime: '17:00:00', note: 'Private party' },
    {
      facilityId: cage.id,
      kind: 'workshop',
      startDate: day(0),
      endDate: day(90),
      weekdays: MONDAY | WEDNESDAY,
      startTime: '16:00:00',
      endTime: '18:00:00',
      note: 'Youth football clinic',
    },
  ]);

  const booking = (facilityId: number, productId: number, date: string, startTime: string, endTime: string, quantity = 1, statusId = 1) => ({
    facilityId,
    productId,
    date,
    startTime,
    endTime,
    quantity,
    statusId,
  });
  await db.insert(facilityBookings).values([
    booking(mainPitch.id, product.fullPitch, day(0), '19:00:00', '21:00:00'),
    booking(mainPitch.id, product.fullPitch, day(1), '18:00:00', '20:00:00'),
    booking(halfA.id, product.halfPitch, day(0), '17:00:00', '18:00:00'),
    booking(halfA.id, product.halfPitch, day(1), '07:00:00', '08:30:00'),
    booking(arena.id, product.arenaRental, day(0), '10:00:00', '12:00:00'),
    booking(arena.id, product.arenaRental, day(0), '16:00:00', '17:00:00'),
    booking(arena.id, product.arenaRental, day(1), '19:00:00', '20:00:00'),
    booking(cage.id, product.cageRental, day(0), '18:00:00', '19:00:00'),
    booking(cage.id, product.cageRental, day(1), '20:00:00', '21:00:00'),
    // Rejected: its time is free again.
    booking(cage.id, product.cageRental, day(0), '20:00:00', '21:00:00', 1, 2),
    booking(aquaPark.id, product.adult, day(0), '12:00:00', '13:00:00', 30),
    booking(aquaPark.id, product.family, day(0), '12:00:00', '13:00:00', 8),
    booking(aquaPark.id, product.cabana, day(0), '12:00:00', '13:00:00', 3),
    booking(aquaPark.id, product.adult, day(0), '15:00:00', '16:00:00', 116),
    booking(aquaPark.id, product.child, day(1), '10:00:00', '11:00:00', 20),
    booking(aquaPark.id, product.goggles, day(0), '12:00:00', '13:00:00', 6),
    booking(wavePool.id, product.waveEntry, day(0), '10:00:00', '11:00:00', 150),
    booking(lanes.id, product.bowlingGame, day(0), '18:00:00', '19:00:00', 30),
  ]);
}
