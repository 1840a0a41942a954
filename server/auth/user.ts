import { type User } from '../../src/domain/contract/session';
import { type CustomerRow } from './tokens';

/** Members are the customers holding a membership card; they book in the Members channel. */
export const isMember = (customer: Pick<CustomerRow, 'membershipCardNumber'>) => Boolean(customer.membershipCardNumber);

export function toUser(customer: CustomerRow): User {
  return {
    id: customer.id,
    first_name: customer.firstName,
    last_name: customer.lastName,
    name: `${customer.firstName} ${customer.lastName}`.trim(),
    email: customer.email,
    mobile: customer.mobile,
    country_code: customer.countryCode,
    b2b_id: customer.b2bId,
    b2b_type: customer.b2bType,
    membership_card_number: customer.membershipCardNumber,
    is_member: isMember(customer),
    is_anonymous: customer.isAnonymous,
    profile_image: customer.profileImage,
    dob: customer.dob,
    gender: customer.gender,
  };
}
