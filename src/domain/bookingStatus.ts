import { DEFAULT_TIME_ZONE, dayjs } from './dates';

type Flag = number | string | null | undefined;

/** The facility-booking fields the profile list reads; approval flags are 0 pending, 1 approved, 2 rejected. */
export type FacilityBookingStatusFields = {
  is_booking_approved?: Flag;
  cid_approved?: Flag;
  is_cid_approved?: Flag;
  status_id?: Flag;
  check_in_time?: string | null;
  check_out_time?: string | null;
  facility_date?: string | null;
  facility_end_time?: string | null;
};

export type FacilityBookingDisplayStatus = 'rejected' | 'checkedOut' | 'consumed' | 'approved' | 'inactive' | 'pending';

const STATUS_REJECTED = 2;
const STATUS_ACTIVE = 1;
const STATUS_INACTIVE = 13;

const flagValue = (v: Flag): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isNaN(n) ? null : n;
};

const isSet = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/**
 * The CID (identity check) decision across its two flags: a rejection outweighs a pending check,
 * which outweighs an approval; null when neither flag is present.
 */
function cidDecision(b: FacilityBookingStatusFields): number | null {
  const flags = [flagValue(b.cid_approved), flagValue(b.is_cid_approved)].filter((v): v is number => v !== null);
  if (flags.length === 0) return null;
  if (flags.includes(2)) return 2;
  if (flags.includes(0)) return 0;
  return flags[0] ?? null;
}

/** The first rule that matches, in the order the spec lists them. */
export function facilityBookingDisplayStatus(b: FacilityBookingStatusFields): FacilityBookingDisplayStatus {
  const bookingApproved = flagValue(b.is_booking_approved);
  const cid = cidDecision(b);
  const statusId = flagValue(b.status_id);
  if (bookingApproved === 2 || cid === 2 || statusId === STATUS_REJECTED) return 'rejected';
  if (isSet(b.check_out_time)) return 'checkedOut';
  if (isSet(b.check_in_time)) return 'consumed';
  if (bookingApproved === 1 && (cid === 1 || cid === null) && statusId === STATUS_ACTIVE) return 'approved';
  if (statusId === STATUS_INACTIVE) return 'inactive';
  return 'pending';
}

export function isAwaitingApproval(b: FacilityBookingStatusFields): boolean {
  const bookingApproved = flagValue(b.is_booking_approved);
  const cid = cidDecision(b);
  return (bookingApproved === 0 && cid === null) || (bookingApproved === 1 && cid === 0);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Past once `now` is after the booking's date and end time in the venue's time zone. A missing end
 * time, or an end at 00:00, means the midnight that closes the booking's day.
 */
export function isBookingPast(b: FacilityBookingStatusFields, now: Date, tz: string = DEFAULT_TIME_ZONE): boolean {
  const date = b.facility_date?.trim().slice(0, 10) ?? '';
  if (!DATE_ONLY.test(date) || !dayjs.utc(date, 'YYYY-MM-DD', true).isValid()) return false;
  const time = TIME_OF_DAY.exec(b.facility_end_time?.trim() || '00:00');
  if (!time) return false;
  const [, hours = '0', minutes = '0', seconds = '0'] = time;
  const endsAtMidnight = Number(hours) === 0 && Number(minutes) === 0 && Number(seconds) === 0;
  const endDate = endsAtMidnight ? dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD') : date;
  const endTime = `${hours.padStart(2, '0')}:${minutes}:${seconds.padStart(2, '0')}`;
  const end = dayjs.tz(`${endDate} ${endTime}`, 'YYYY-MM-DD HH:mm:ss', tz);
  return end.isValid() && now.getTime() > end.valueOf();
}

export type StatusLabel =
  | 'completed'
  | 'pending'
  | 'approved'
  | 'expired'
  | 'rejected'
  | 'cancelled'
  | 'refundRequested'
  | 'soldOut';

/** i18n keys of the statuses shown to users. */
export const STATUS_LABELS: Record<StatusLabel, string> = {
  completed: 'status.completed',
  pending: 'status.pending',
  approved: 'status.approved',
  expired: 'status.expired',
  rejected: 'status.rejected',
  cancelled: 'status.cancelled',
  refundRequested: 'status.refundRequested',
  soldOut: 'status.soldOut',
};
