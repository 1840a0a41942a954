import { vatOn } from '../../src/domain/money';
import { type Database } from '../db/client';
import { academies, events, offers, outletProducts, outlets, trainers } from '../db/schema/catalogue';

/** [English, Arabic] */
type Bilingual = readonly [string, string];

const places: readonly Bilingual[] = [
  ['Lagoon Lawn', 'حديقة البحيرة'],
  ['Marina Promenade', 'ممشى المرسى'],
  ['Beach Deck', 'منصة الشاطئ'],
  ['Marina Sports Hall', 'صالة مارينا الرياضية'],
];

const moreEvents: readonly Bilingual[] = [
  ['Lagoon Lantern Festival', 'مهرجان فوانيس البحيرة'],
  ['Kite Flying Afternoon', 'عصر الطائرات الورقية'],
  ['Desert Stargazing Night', 'ليلة مراقبة النجوم'],
  ['Marina Food Market', 'سوق مارينا للطعام'],
  ['Open-Air Cinema', 'السينما في الهواء الطلق'],
  ['Padel Doubles Open', 'بطولة البادل للزوجي'],
  ['Beach Volleyball Day', 'يوم الكرة الطائرة الشاطئية'],
  ['Kids Science Fair', 'معرض العلوم للأطفال'],
  ['Sunset Yoga Gathering', 'لقاء يوغا الغروب'],
  ['Classic Car Parade', 'استعراض السيارات الكلاسيكية'],
  ['Chess in the Park', 'الشطرنج في الحديقة'],
  ['Cycling Sprint Series', 'سلسلة سباقات الدراجات'],
  ['Heritage Crafts Weekend', 'عطلة الحرف التراثية'],
  ['Dragon Boat Regatta', 'سباق قوارب التنين'],
  ['Comedy Evening', 'أمسية كوميدية'],
  ['Basketball Shootout', 'تحدي رميات كرة السلة'],
  ['Photography Walk', 'جولة التصوير'],
  ['Winter Lights Show', 'عرض أضواء الشتاء'],
  ['Board Games Night', 'ليلة ألعاب الطاولة'],
  ['New Year Fireworks', 'ألعاب نارية لرأس السنة'],
];

/** Named so that they sort after the first demo trainers (the list is by name). */
const moreTrainers: readonly Bilingual[] = [
  ['Coach Selim Kaya', 'المدرب سليم كايا'],
  ['Coach Shadi Nasser', 'المدرب شادي ناصر'],
  ['Coach Sofia Rossi', 'المدربة صوفيا روسي'],
  ['Coach Sultan Al Ketbi', 'المدرب سلطان الكتبي'],
  ['Coach Tamer Fouad', 'المدرب تامر فؤاد'],
  ['Coach Tariq Jaber', 'المدرب طارق جابر'],
  ['Coach Uma Iyer', 'المدربة أوما آيار'],
  ['Coach Victor Lemaire', 'المدرب فيكتور لومير'],
  ['Coach Wael Saeed', 'المدرب وائل سعيد'],
  ['Coach Walid Karam', 'المدرب وليد كرم'],
  ['Coach Xavier Dubois', 'المدرب زافييه دوبوا'],
  ['Coach Yara Khoury', 'المدربة يارا خوري'],
  ['Coach Yasmin Farouk', 'المدربة ياسمين فاروق'],
  ['Coach Yousef Darwish', 'المدرب يوسف درويش'],
  ['Coach Zaid Rahman', 'المدرب زيد رحمن'],
  ['Coach Zainab Hussein', 'المدربة زينب حسين'],
  ['Coach Ziad Mansour', 'المدرب زياد منصور'],
  ['Coach Zoe Clarke', 'المدربة زوي كلارك'],
];

const specialties: readonly Bilingual[] = [
  ['Padel', 'البادل'],
  ['Boxing', 'الملاكمة'],
  ['Pilates', 'البيلاتس'],
  ['Climbing', 'التسلق'],
  ['Running', 'الجري'],
  ['Basketball', 'كرة السلة'],
];

const moreAcademies: readonly Bilingual[] = [
  ['Padel Academy', 'أكاديمية البادل'],
  ['Basketball Academy', 'أكاديمية كرة السلة'],
  ['Gymnastics Academy', 'أكاديمية الجمباز'],
  ['Martial Arts Academy', 'أكاديمية الفنون القتالية'],
  ['Climbing Academy', 'أكاديمية التسلق'],
  ['Athletics Academy', 'أكاديمية ألعاب القوى'],
  ['Chess Academy', 'أكاديمية الشطرنج'],
  ['Robotics Academy', 'أكاديمية الروبوتات'],
  ['Art & Design Academy', 'أكاديمية الفن والتصميم'],
  ['Music Academy', 'أكاديمية الموسيقى'],
  ['Drama Academy', 'أكاديمية المسرح'],
  ['Volleyball Academy', 'أكاديمية الكرة الطائرة'],
  ['Cycling Academy', 'أكاديمية الدراجات'],
  ['Sailing Academy', 'أكاديمية الإبحار'],
  ['Rowing Academy', 'أكاديمية التجديف'],
  ['Dance Academy', 'أكاديمية الرقص'],
  ['Cricket Academy', 'أكاديمية الكريكيت'],
  ['Golf Academy', 'أكاديمية الجولف'],
];

/** Priced above the first demo offers (the list is cheapest first). */
const moreOffers: readonly Bilingual[] = [
  ['Birthday Party Pack', 'باقة حفلة عيد الميلاد'],
  ['Team Building Day', 'يوم بناء الفريق'],
  ['Padel Weekend Pass', 'تذكرة البادل لعطلة نهاية الأسبوع'],
  ['Lagoon Picnic Basket', 'سلة نزهة البحيرة'],
  ['Fitness Starter Bundle', 'باقة بداية اللياقة'],
  ['Kids Camp Week', 'أسبوع مخيم الأطفال'],
  ['Sunset Cruise Package', 'باقة رحلة الغروب البحرية'],
  ['Bowling League Season', 'موسم دوري البولينج'],
  ['Spa & Sauna Day', 'يوم المنتجع والساونا'],
  ['Climbing Wall Taster', 'تجربة جدار التسلق'],
  ['School Trip Package', 'باقة الرحلة المدرسية'],
  ['Corporate Sports Day', 'اليوم الرياضي للشركات'],
  ['Holiday Family Pass', 'تذكرة العائلة للعطلات'],
  ['Grand Party Hall', 'قاعة الحفلات الكبرى'],
  ['Private Beach Cabana', 'كابانا الشاطئ الخاصة'],
  ['Season Adventure Pass', 'تذكرة المغامرات الموسمية'],
  ['Wedding Photo Session', 'جلسة تصوير الأعراس'],
  ['VIP Lagoon Evening', 'أمسية البحيرة لكبار الضيوف'],
];

const moreOutlets: readonly Bilingual[] = [
  ['Lagoon Juice Bar', 'ركن العصائر في البحيرة'],
  ['Marina Bakery', 'مخبز مارينا'],
  ['Beach Snack Hut', 'كوخ الوجبات الخفيفة على الشاطئ'],
  ['Ice Cream Corner', 'ركن المثلجات'],
  ['Bowling Diner', 'مطعم البولينج'],
  ['Sports Hall Kiosk', 'كشك الصالة الرياضية'],
  ['Pitchside Grill', 'مشويات جانب الملعب'],
  ['Souvenir Shop', 'متجر الهدايا التذكارية'],
  ['Kids Toy Store', 'متجر ألعاب الأطفال'],
  ['Surf & Sail Shop', 'متجر ركوب الأمواج والإبحار'],
  ['Fitness Supplements', 'مكملات اللياقة'],
  ['Promenade Coffee Cart', 'عربة القهوة في الممشى'],
  ['Sunset Lounge', 'استراحة الغروب'],
  ['Garden Tea House', 'بيت الشاي في الحديقة'],
  ['Bike Rental Desk', 'مكتب تأجير الدراجات'],
  ['Book & Puzzle Nook', 'ركن الكتب والألغاز'],
  ['Pet Corner', 'ركن الحيوانات الأليفة'],
  ['Flower Stall', 'كشك الزهور'],
];

const outletGoods: readonly [Bilingual, number][] = [
  [['Bottled Water', 'مياه معبأة'], 5],
  [['Gift Card', 'بطاقة هدية'], 100],
];

const withVat = (price: number) => ({ price, taxAmount: vatOn(price) });
const cycle = <T>(items: readonly T[], index: number) => items[index % items.length] as T;

/**
 * More of every catalogue list than one page (16) holds, so paging shows. They come after the first demo items
 * in each list's order (later dates, later names, higher prices, later ids), which keep their ids and places.
 */
export async function seedPagedCatalogue(db: Database, venueId: number, day: (offset: number) => string): Promise<void> {
  await db.insert(events).values(
    moreEvents.map(([name, arName], index) => {
      const [location, arLocation] = cycle(places, index);
      const start = 42 + index * 7;
      return {
        venueId,
        name,
        arName,
        startDate: day(start),
        endDate: day(start + (index % 3 === 0 ? 1 : 0)),
        schedules: [{ start_time: '18:00:00', end_time: '21:00:00' }],
        location,
        arLocation,
        price: 40 + (index % 6) * 15,
        capacity: index % 2 === 0 ? 200 : null,
      };
    }),
  );

  await db.insert(trainers).values(
    moreTrainers.map(([name, arName], index) => {
      const [specialty, arSpecialty] = cycle(specialties, index);
      return { venueId, name, arName, specialty, arSpecialty, sessionMinutes: index % 2 === 0 ? 60 : 45, sessionPrice: 180 + (index % 5) * 30 };
    }),
  );

  await db.insert(academies).values(
    moreAcademies.map(([name, arName], index) => {
      const [location, arLocation] = cycle(places, index);
      const start = 21 + index * 7;
      const minAge = 5 + (index % 4);
      return { venueId, name, arName, startDate: day(start), endDate: day(start + 90), location, arLocation, minAge, maxAge: minAge + 8, price: 800 + (index % 6) * 100 };
    }),
  );

  await db.insert(offers).values(
    moreOffers.map(([name, arName], index) => ({ venueId, name, arName, ...withVat(650 + index * 50), validFrom: day(-7), validTo: day(90) })),
  );

  const opened = await db
    .insert(outlets)
    .values(moreOutlets.map(([name, arName]) => ({ venueId, name, arName })))
    .returning({ id: outlets.id });
  await db.insert(outletProducts).values(
    opened.flatMap(({ id }) => outletGoods.map(([[name, arName], price]) => ({ outletId: id, name, arName, ...withVat(price) }))),
  );
}
