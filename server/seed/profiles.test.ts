import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyListResponse } from '../../src/domain/contract/family';
import { profileDetailsResponse } from '../../src/domain/contract/profile';
import { validateEmiratesId } from '../../src/domain/validation/emiratesId';
import { issueToken, SESSION_TTL_SECONDS } from '../auth/tokens';
import { customers } from '../db/schema/accounts';
import { createTestApp, type TestApp } from '../testing/testApp';
import { DEMO_ACCOUNTS } from './demo';
import { DEMO_ARABIC_MEMBER } from './profiles';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(url: string, email: string) {
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email)).limit(1);
  const token = await issueToken(t.db, row!.id, SESSION_TTL_SECONDS, new Date());
  return (await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { authorization: `Bearer ${token}` } })).json();
}

describe('the profile demo', () => {
  it('gives the demo customer a full, editable profile with a valid Emirates ID', async () => {
    const profile = profileDetailsResponse.parse(await get('customers/profile/details', DEMO_ACCOUNTS.customer.email)).data;
    expect(profile).toMatchObject({ id_proof_type_id: 32, verified_at: null, locked_fields: [] });
    expect(validateEmiratesId(profile.id_proof_number, 'account')).toBeUndefined();
    expect([profile.nationality_id, profile.religion_id, profile.customer_tag_id, profile.id_proof_expiry, profile.dob]).not.toContain(null);
  });

  it('verifies the member account with its known details locked', async () => {
    const profile = profileDetailsResponse.parse(await get('customers/profile/details', DEMO_ACCOUNTS.member.email)).data;
    expect(profile.verified_at).not.toBeNull();
    expect(profile.locked_fields).toEqual(['first_name', 'last_name', 'dob', 'gender', 'nationality_id', 'id_proof']);
  });

  it('gives the demo customer a family with and without upcoming bookings, in both scripts', async () => {
    const family = familyListResponse.parse(await get('customers/family', DEMO_ACCOUNTS.customer.email)).data;
    expect(family.data.map((member) => [member.first_name, member.upcoming_bookings])).toEqual([
      ['Omar', 1],
      ['Mariam', 0],
      [DEMO_ARABIC_MEMBER.firstName, 0],
    ]);
  });
});
