import { eq } from 'drizzle-orm';
import { LOCKABLE_FIELDS, type LockableField } from '../../../src/domain/profile/profileRules';
import { type ProfileDetails } from '../../../src/domain/contract/profile';
import { type CustomerRow } from '../../auth/tokens';
import { toUser } from '../../auth/user';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';

const isLockable = (field: string): field is LockableField => (LOCKABLE_FIELDS as readonly string[]).includes(field);

export function lockedFields(customer: CustomerRow): LockableField[] {
  return customer.verifiedAt ? customer.verifiedFields.filter(isLockable) : [];
}

export function toProfileDetails(customer: CustomerRow): ProfileDetails {
  return {
    id: customer.id,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    mobile: customer.mobile,
    country_code: customer.countryCode,
    dob: customer.dob,
    gender: customer.gender,
    nationality_id: customer.nationalityCountryId,
    religion_id: customer.religionId,
    id_proof_type_id: customer.idProofTypeId === 32 || customer.idProofTypeId === 33 ? customer.idProofTypeId : null,
    id_proof_number: customer.idProofNumber,
    id_proof_expiry: customer.idProofExpiry,
    customer_tag_id: customer.customerTagId,
    profile_image: customer.profileImage,
    verified_at: customer.verifiedAt?.toISOString() ?? null,
    locked_fields: lockedFields(customer),
  };
}

/** Changes the customer's row and answers what a profile change answers: the new profile and the session's user. */
export async function updateCustomer(db: Database, customerId: number, changes: Partial<typeof customers.$inferInsert>, message: string) {
  const [updated] = await db.update(customers).set(changes).where(eq(customers.id, customerId)).returning();
  if (!updated) throw new Error('the customer of a live session was not found');
  return { status: true, data: { profile: toProfileDetails(updated), user: toUser(updated) }, message };
}
