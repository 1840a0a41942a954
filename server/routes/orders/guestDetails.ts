import { type orderPayload } from '../../../src/domain/contract/orders';
import { validateEmail } from '../../../src/domain/validation/email';
import { type MessageDescriptor } from '../../../src/domain/validation/messages';
import { messageText } from '../../../src/domain/validation/messageText';
import { normaliseMobile, validateMobile } from '../../../src/domain/validation/mobile';
import { validateName } from '../../../src/domain/validation/name';
import { HttpError } from '../../http/errors';
import { ORDER_MESSAGES } from './messages';

export interface GuestDetails {
  firstName: string;
  lastName: string;
  email: string;
  /** '+<country code><number>', as every account stores it. */
  mobile: string;
  gender: 'Male' | 'Female' | null;
}

/** The country code of a guest's mobile: the form sends the number alone, or with its code in front. */
const GUEST_COUNTRY_CODE = '971';

/**
 * A guest's details pass the rules every form of the portal applies (src/domain/validation): names in Latin or
 * Arabic letters, a real email address and mobile number. The confirmation is sent to them, so nothing else is kept.
 */
export function guestDetails(payload: ReturnType<typeof orderPayload.parse>): GuestDetails {
  const firstName = payload.first_name?.trim() ?? '';
  const lastName = payload.last_name?.trim() ?? '';
  const email = payload.email?.trim().toLowerCase() ?? '';
  const mobile = payload.mobile?.trim() ?? '';
  if (!firstName || !email || !mobile) throw new HttpError(422, ORDER_MESSAGES.guestDetailsRequired);
  const problem: MessageDescriptor | undefined =
    validateName(firstName, { labelKey: 'firstName' }) ??
    (lastName === '' ? undefined : validateName(lastName, { labelKey: 'lastName' })) ??
    validateEmail(email, 'standard') ??
    validateMobile(GUEST_COUNTRY_CODE, mobile);
  if (problem) throw new HttpError(422, messageText(problem));
  const gender = payload.gender === 'Male' || payload.gender === 'Female' ? payload.gender : null;
  return { firstName, lastName, email, mobile: normaliseMobile(GUEST_COUNTRY_CODE, mobile), gender };
}
