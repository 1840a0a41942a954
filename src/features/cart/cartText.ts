import { type TFunction } from 'i18next';
import { type CartNoticeMessage } from '../../../machines/cart';
import { DATE_FORMATS, dayjs } from '../../domain/dates';
import { type CartAddonLine, type CartLine } from '../../domain/cart/lines';
import { orderRefusalOf } from '../../domain/checkout/orderRefusals';
import { type Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';

/**
 * The words of a cart notice: a cart or booking rule's key, or the server's own text, in the visitor's language
 * when it is one of our refusals (a promo code this customer already used, a full session).
 */
export function noticeText(t: TFunction, message: CartNoticeMessage): string {
  if (message.ns !== null) return t(message.key, { ns: message.ns, ...message.values });
  const refusal = orderRefusalOf(message.text);
  return refusal ? t(refusal.key, { ...refusal.values, defaultValue: message.text }) : message.text;
}

/** A line's or add-on's name in the visitor's language (the Arabic name when it has one). */
export function itemName(item: CartLine | CartAddonLine, lang: Lang): string {
  return localized(item as unknown as Record<string, unknown>, 'name', lang);
}

/** 'HH:mm:ss' as 'hh:mm A' (spec 001 §9 formats). */
export function displayTime(time: string): string {
  return dayjs(`2000-01-01T${time === '24:00:00' ? '00:00:00' : time}`).format(DATE_FORMATS.time12);
}

/** 'YYYY-MM-DD' as 'ddd, DD MMM YYYY' in the visitor's language. */
export function displayDate(date: string, lang: Lang): string {
  return dayjs(date).locale(lang === 'ar' ? 'ar' : 'en').format(DATE_FORMATS.display);
}

/** When a dated line takes place: the day and, for facility, event and trainer lines, the time. */
export function lineSchedule(line: CartLine, lang: Lang): { date: string; time: string | null } | null {
  switch (line.type) {
    case 'facility':
      return { date: displayDate(line.date, lang), time: line.is_full_day === 1 ? null : `${displayTime(line.start_time)} – ${displayTime(line.end_time)}` };
    case 'event':
    case 'trainer':
      return { date: displayDate(line.date, lang), time: `${displayTime(line.start_time)} – ${displayTime(line.end_time)}` };
    case 'membership':
    case 'academy':
      return { date: displayDate(line.start_date, lang), time: null };
    case 'offer':
    case 'pos':
      return null;
  }
}
