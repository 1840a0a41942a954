import { type TFunction } from 'i18next';
import { type NoticeMessage } from '../../../machines/facilityBooking';
import { DATE_FORMATS, dayjs } from '../../domain/dates';
import { type Lang } from '../../domain/lang';

/** The words of a machine notice: a booking rule's key, one of this modal's, or the server's own text. */
export function noticeText(t: TFunction, message: NoticeMessage): string {
  if (message.ns === null) return message.text;
  return t(message.key, { ns: message.ns, ...message.values });
}

/** 'YYYY-MM-DD' as 'ddd, DD MMM YYYY'. */
export function displayDate(date: string, lang: Lang): string {
  return dayjs(date).locale(lang === 'ar' ? 'ar' : 'en').format(DATE_FORMATS.display);
}
