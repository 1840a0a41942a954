import { type TFunction } from 'i18next';
import { type NoticeMessage } from '../../../machines/facilityBooking';
import { DATE_FORMATS, dayjs } from '../../domain/dates';
import { type Lang } from '../../domain/lang';

/** The words of a machine notice: a booking rule's key, one of this modal's, or the server's own text. */
export function noticeText(t: TFunction, message: NoticeMessage): string {
  if (message.ns === null) return message.text;
  return t(message.key, { ns: message.ns, ...message.values });
}

/** 'HH:mm:ss' as 'hh:mm A' (spec §9 formats). */
export function displayTime(time: string): string {
  return dayjs(`2000-01-01T${time === '24:00:00' ? '00:00:00' : time}`).format(DATE_FORMATS.time12);
}

/** 'YYYY-MM-DD' as 'ddd, DD MMM YYYY'. */
export function displayDate(date: string, lang: Lang): string {
  return dayjs(date).locale(lang === 'ar' ? 'ar' : 'en').format(DATE_FORMATS.display);
}
