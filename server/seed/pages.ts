import { type pages } from '../db/schema/content';

type DemoPage = Omit<typeof pages.$inferInsert, 'venueId' | 'id'>;

const termsEn = `<p>These terms apply to every booking made through the Marina Sports &amp; Leisure Park portal and kiosks.</p>
<nav aria-label="On this page"><ul>
<li><a href="#booking-policy">Booking policy</a></li>
<li><a href="#cancellations-and-refunds">Cancellations and refunds</a></li>
<li><a href="#code-of-conduct">Code of conduct</a></li>
<li><a href="#liability">Liability</a></li>
</ul></nav>
<h2 id="booking-policy">Booking policy</h2>
<p>Bookings are confirmed once payment is complete. Please arrive 15 minutes before your slot and bring the booking confirmation, on your phone or printed.</p>
<p>Children under 12 must be accompanied by an adult at all times.</p>
<h2 id="cancellations-and-refunds">Cancellations and refunds</h2>
<p>You may cancel or reschedule a booking up to 24 hours before it starts. Refunds go back to the original payment method and are credited within 7 business days.</p>
<h2 id="code-of-conduct">Code of conduct</h2>
<ul>
<li>Wear suitable sports clothing and footwear.</li>
<li>Follow the instructions of lifeguards and staff.</li>
<li>Smoking is not permitted anywhere in the park.</li>
</ul>
<h2 id="liability">Liability</h2>
<p>Visitors take part in activities at their own risk. The park is not responsible for personal belongings left unattended.</p>`;

const termsAr = `<p>تنطبق هذه الشروط على كل حجز يتم عبر بوابة منتزه مارينا للرياضة والترفيه وأجهزة الخدمة الذاتية.</p>
<nav aria-label="في هذه الصفحة"><ul>
<li><a href="#booking-policy">سياسة الحجز</a></li>
<li><a href="#cancellations-and-refunds">الإلغاء والاسترداد</a></li>
<li><a href="#code-of-conduct">قواعد السلوك</a></li>
<li><a href="#liability">المسؤولية</a></li>
</ul></nav>
<h2 id="booking-policy">سياسة الحجز</h2>
<p>يتم تأكيد الحجز بعد إتمام الدفع. يرجى الحضور قبل موعدك بخمس عشرة دقيقة وإحضار تأكيد الحجز على هاتفك أو مطبوعًا.</p>
<p>يجب أن يرافق شخص بالغ الأطفال دون سن 12 عامًا في جميع الأوقات.</p>
<h2 id="cancellations-and-refunds">الإلغاء والاسترداد</h2>
<p>يمكنك إلغاء الحجز أو تغيير موعده قبل 24 ساعة على الأقل من بدايته. تُعاد المبالغ إلى وسيلة الدفع الأصلية خلال 7 أيام عمل.</p>
<h2 id="code-of-conduct">قواعد السلوك</h2>
<ul>
<li>ارتدِ ملابس وأحذية رياضية مناسبة.</li>
<li>اتبع تعليمات المنقذين والموظفين.</li>
<li>يُمنع التدخين في جميع أنحاء المنتزه.</li>
</ul>
<h2 id="liability">المسؤولية</h2>
<p>يشارك الزوار في الأنشطة على مسؤوليتهم الخاصة. المنتزه غير مسؤول عن المتعلقات الشخصية المتروكة دون رقابة.</p>`;

const privacyEn = `<p>We respect your privacy and only collect what we need to run your bookings.</p>
<h2 id="information-we-collect">Information we collect</h2>
<p>Your name, mobile number and e-mail address, the bookings you make and, for memberships, a photo for your card.</p>
<h2 id="how-we-use-information">How we use your information</h2>
<p>To confirm and manage bookings, to send tickets and receipts, and, if you agree, to tell you about offers. Card details are handled by our payment provider and never stored by us.</p>
<h2 id="kiosks">Kiosks</h2>
<p>When you finish at a kiosk, or leave it idle, everything you entered is wiped from the terminal.</p>
<h2 id="your-rights">Your rights</h2>
<p>You can ask to see, correct or delete your personal data at any time by contacting us.</p>`;

const privacyAr = `<p>نحترم خصوصيتك ولا نجمع إلا ما نحتاجه لإدارة حجوزاتك.</p>
<h2 id="information-we-collect">المعلومات التي نجمعها</h2>
<p>اسمك ورقم هاتفك المتحرك وبريدك الإلكتروني والحجوزات التي تقوم بها، وصورة لبطاقة العضوية عند الاشتراك.</p>
<h2 id="how-we-use-information">كيف نستخدم معلوماتك</h2>
<p>لتأكيد الحجوزات وإدارتها وإرسال التذاكر والإيصالات، ولإبلاغك بالعروض إذا وافقت على ذلك. تتولى جهة الدفع معالجة بيانات البطاقة ولا نقوم بتخزينها.</p>
<h2 id="kiosks">أجهزة الخدمة الذاتية</h2>
<p>عند انتهائك من استخدام الجهاز أو تركه دون استخدام، تُمسح جميع البيانات التي أدخلتها.</p>
<h2 id="your-rights">حقوقك</h2>
<p>يمكنك طلب الاطلاع على بياناتك الشخصية أو تصحيحها أو حذفها في أي وقت بالتواصل معنا.</p>`;

const contactEn = `<h2 id="visit-us">Visit us</h2>
<p>Marina Sports &amp; Leisure Park, Marina Walk, Dubai, United Arab Emirates.</p>
<h2 id="opening-hours">Opening hours</h2>
<p>Daily from 06:00 to 23:00. The Aquatic Centre closes at 21:00.</p>
<h2 id="get-in-touch">Get in touch</h2>
<p>Call <a href="tel:+97140000000">+971 4 000 0000</a> or write to <a href="mailto:hello@marinapark.example">hello@marinapark.example</a>.</p>`;

const contactAr = `<h2 id="visit-us">تفضل بزيارتنا</h2>
<p>منتزه مارينا للرياضة والترفيه، ممشى المرسى، دبي، الإمارات العربية المتحدة.</p>
<h2 id="opening-hours">ساعات العمل</h2>
<p>يوميًا من الساعة 06:00 حتى 23:00. يغلق مركز الألعاب المائية في الساعة 21:00.</p>
<h2 id="get-in-touch">تواصل معنا</h2>
<p>اتصل على <a href="tel:+97140000000">+971 4 000 0000</a> أو راسلنا على <a href="mailto:hello@marinapark.example">hello@marinapark.example</a>.</p>`;

const aboutEn = `<h2 id="our-story">Our story</h2>
<p>Marina Sports &amp; Leisure Park opened on the waterfront to give families, athletes and visitors one place to play, train and relax.</p>
<h2 id="facilities">Our facilities</h2>
<ul>
<li>A floodlit main stadium and five-a-side pitches</li>
<li>The Marina Aquatic Centre with a 25 m pool</li>
<li>The Marina Tennis Club with clay and hard courts</li>
</ul>
<h2 id="our-team">Our team</h2>
<p>Our certified coaches and lifeguards look after more than a thousand visitors every day.</p>`;

const aboutAr = `<h2 id="our-story">قصتنا</h2>
<p>افتُتح منتزه مارينا للرياضة والترفيه على الواجهة البحرية ليمنح العائلات والرياضيين والزوار مكانًا واحدًا للعب والتدريب والاسترخاء.</p>
<h2 id="facilities">مرافقنا</h2>
<ul>
<li>ملعب رئيسي مضاء وملاعب خماسية</li>
<li>مركز مارينا للألعاب المائية مع مسبح بطول 25 مترًا</li>
<li>نادي مارينا للتنس بملاعب رملية وصلبة</li>
</ul>
<h2 id="our-team">فريقنا</h2>
<p>يعتني مدربونا ومنقذونا المعتمدون بأكثر من ألف زائر يوميًا.</p>`;

export const demoPages: DemoPage[] = [
  { slug: 'terms-and-conditions', title: 'Terms and Conditions', arTitle: 'الشروط والأحكام', content: termsEn, arContent: termsAr, isDefault: true, isPublished: true },
  { slug: 'privacy-policy', title: 'Privacy Policy', arTitle: 'سياسة الخصوصية', content: privacyEn, arContent: privacyAr, isDefault: true, isPublished: true },
  { slug: 'contact-us', title: 'Contact Us', arTitle: 'اتصل بنا', content: contactEn, arContent: contactAr, isDefault: true, isPublished: true },
  { slug: 'about-us', title: 'About Us', arTitle: 'من نحن', content: aboutEn, arContent: aboutAr, isDefault: false, isPublished: true },
  {
    // Kept unpublished: GET pages/summer-camp-2025 answers 409.
    slug: 'summer-camp-2025',
    title: 'Summer Camp 2025',
    arTitle: 'المخيم الصيفي 2025',
    content: '<h2 id="programme">Programme</h2><p>Details will be announced soon.</p>',
    arContent: '<h2 id="programme">البرنامج</h2><p>سيتم الإعلان عن التفاصيل قريبًا.</p>',
    isDefault: false,
    isPublished: false,
  },
];
