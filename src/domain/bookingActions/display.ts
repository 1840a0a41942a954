import { DATE_FORMATS, dayjs, displayTime } from '../dates';
import { type Lang } from '../lang';

/** An instant as the venue's wall clock shows it, in the spec's formats: 'ddd, DD MMM YYYY hh:mm A'. */
export function venueMomentText(instant: string, timeZone: string, lang: Lang): string {
  return dayjs(instant).tz(timeZone).locale(lang).format(`${DATE_FORMATS.display} ${DATE_FORMATS.time12}`);
}

/** Left-to-right isolate marks: the times keep their order inside Arabic text, as the slot buttons' <bdi dir="ltr"> does. */
const LTR_ISOLATE = { start: '\u2066', end: '\u2069' } as const;

/** A booking's slot (venue date and times): 'ddd, DD MMM YYYY hh:mm A – hh:mm A' (the times isolated), or the date alone. */
export function slotText(slot: { date: string; start_time: string | null; end_time: string | null }, lang: Lang): string {
  const date = dayjs(slot.date).locale(lang).format(DATE_FORMATS.display);
  if (!slot.start_time) return date;
  const times = `${displayTime(slot.start_time)}${slot.end_time ? ` – ${displayTime(slot.end_time)}` : ''}`;
  return `${date} ${LTR_ISOLATE.start}${times}${LTR_ISOLATE.end}`;
}
