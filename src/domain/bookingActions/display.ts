import { DATE_FORMATS, dayjs, displayTime } from '../dates';
import { type Lang } from '../lang';

/** An instant as the venue's wall clock shows it, in the spec's formats: 'ddd, DD MMM YYYY hh:mm A'. */
export function venueMomentText(instant: string, timeZone: string, lang: Lang): string {
  return dayjs(instant).tz(timeZone).locale(lang).format(`${DATE_FORMATS.display} ${DATE_FORMATS.time12}`);
}

/** A booking's slot (venue date and times): 'ddd, DD MMM YYYY hh:mm A – hh:mm A', or the date alone. */
export function slotText(slot: { date: string; start_time: string | null; end_time: string | null }, lang: Lang): string {
  const date = dayjs(slot.date).locale(lang).format(DATE_FORMATS.display);
  if (!slot.start_time) return date;
  return `${date} ${displayTime(slot.start_time)}${slot.end_time ? ` – ${displayTime(slot.end_time)}` : ''}`;
}
