import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FAMILY_MAX_MEMBERS, familyEntryResponse, familyImageResponse, familyListResponse, type FamilyMemberRequest } from '../../../src/domain/contract/family';
import { familyMembersResponse } from '../../../src/domain/contract/visitors';
import { profileMessageText } from '../../../src/domain/profile/profileMessages';
import { expectStatus, profileTestApp, type Session } from './profileTestSupport';

const { app, call, upload, newCustomer, bookVisitors } = profileTestApp();

const MEMBER: FamilyMemberRequest = {
  first_name: 'Yousef',
  last_name: 'Karim',
  dob: '2015-03-02',
  gender: 'Male',
  relation: 'child',
  nationality_id: 1,
  id_proof_type_id: '33',
  id_proof_number: 'P7654321',
};

const list = async (session: Session, page = 1) => familyListResponse.parse(expectStatus(await call('GET', `customers/family?page=${page}`, session), 200)).data;
const add = async (session: Session, member: Partial<FamilyMemberRequest> = {}) =>
  familyEntryResponse.parse(expectStatus(await call('POST', 'customers/family', session, { ...MEMBER, ...member }), 201)).data;

describe('customers/family', () => {
  it('adds a member who then appears on the family page and in the visitor picker (customers-associated)', async () => {
    const owner = await newCustomer();
    const added = await add(owner);
    expect(added).toMatchObject({ first_name: 'Yousef', relation: 'child', id_proof_type_id: 33, id_proof_number: 'P7654321', upcoming_bookings: 0, is_icp_down: 0 });
    const page = await list(owner);
    expect(page).toMatchObject({ total: 1, max_members: FAMILY_MAX_MEMBERS, per_page: 16 });
    expect(page.data[0]!.customer_id).toBe(added.customer_id);
    const picker = familyMembersResponse.parse((await call('GET', 'customers-associated', owner)).json()).data;
    expect(picker.map((member) => member.customer_id)).toContain(added.customer_id);
  });

  it('edits a member, in the list and in the picker', async () => {
    const owner = await newCustomer();
    const added = await add(owner);
    const edited = familyEntryResponse.parse(
      expectStatus(await call('PUT', `customers/family/${added.customer_id}`, owner, { ...MEMBER, first_name: 'Yusuf', relation: 'sibling', id_proof_type_id: '', id_proof_number: '' }), 200),
    ).data;
    expect(edited).toMatchObject({ first_name: 'Yusuf', relation: 'sibling', id_proof_type_id: null, id_proof_number: null });
    const picker = familyMembersResponse.parse((await call('GET', 'customers-associated', owner)).json()).data;
    expect(picker.find((member) => member.customer_id === added.customer_id)?.first_name).toBe('Yusuf');
  });

  it("answers 404 to another customer reading, editing or removing someone else's member", async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const added = await add(owner);
    expect((await list(stranger)).total).toBe(0);
    expectStatus(await call('PUT', `customers/family/${added.customer_id}`, stranger, MEMBER), 404);
    expectStatus(await call('DELETE', `customers/family/${added.customer_id}?confirm_upcoming=1`, stranger), 404);
    expect((await list(owner)).data[0]!.first_name).toBe('Yousef');
    expectStatus(await call('GET', 'customers/family', null), 401);
  });

  it('refuses bad input with 4xx and a message per field', async () => {
    const owner = await newCustomer();
    const cases: [Partial<FamilyMemberRequest>, string][] = [
      [{ first_name: '' }, 'first_name'],
      [{ relation: 'cousin' as 'other' }, 'relation'],
      [{ dob: '2031-01-01' }, 'dob'],
      [{ id_proof_type_id: '32', id_proof_number: '784-1234' }, 'id_proof_number'],
      [{ nationality_id: 99999 }, 'nationality_id'],
    ];
    for (const [change, field] of cases) {
      const body = expectStatus(await call('POST', 'customers/family', owner, { ...MEMBER, ...change }), 422);
      expect(Object.keys((body.data as { errors: Record<string, string> }).errors), field).toContain(field);
    }
    expectStatus(await call('PUT', 'customers/family/abc', owner, MEMBER), 400);
    expectStatus(await call('DELETE', 'customers/family/99999999999', owner), 400);
    expect((await list(owner)).total).toBe(0);
  });

  it(`keeps at most ${FAMILY_MAX_MEMBERS} members`, async () => {
    const owner = await newCustomer();
    for (let index = 0; index < FAMILY_MAX_MEMBERS; index += 1) await add(owner);
    const full = expectStatus(await call('POST', 'customers/family', owner, MEMBER), 422);
    expect(full.message).toBe(profileMessageText('familyFull', { max: FAMILY_MAX_MEMBERS }));
  });

  it('says so before removing a member with upcoming bookings, and removes them once confirmed', async () => {
    const owner = await newCustomer();
    const booked = await add(owner, { first_name: 'Huda' });
    const free = await add(owner, { first_name: 'Sami' });
    await bookVisitors(owner.id, '2025-06-20', [owner.id, booked.customer_id]);
    // A past booking is not upcoming.
    await bookVisitors(owner.id, '2025-05-01', [free.customer_id]);
    const page = await list(owner);
    expect(page.data.map((member) => [member.first_name, member.upcoming_bookings])).toEqual([
      ['Huda', 1],
      ['Sami', 0],
    ]);
    const refused = expectStatus(await call('DELETE', `customers/family/${booked.customer_id}`, owner), 409);
    expect(refused.message).toBe(profileMessageText('memberHasBookings', { name: 'Huda Karim', count: 1 }));
    expect(refused.data).toEqual({ upcoming_bookings: 1 });
    expectStatus(await call('DELETE', `customers/family/${free.customer_id}`, owner), 200);
    expectStatus(await call('DELETE', `customers/family/${booked.customer_id}?confirm_upcoming=1`, owner), 200);
    expect((await list(owner)).total).toBe(0);
    expectStatus(await call('DELETE', `customers/family/${booked.customer_id}?confirm_upcoming=1`, owner), 404);
  });

  describe('a member’s photo', () => {
    const photo = (background: string) => sharp({ create: { width: 640, height: 900, channels: 3, background } }).jpeg().toBuffer();
    const picker = async (session: Session) => familyMembersResponse.parse((await call('GET', 'customers-associated', session)).json()).data;

    it('uploads, replaces and removes it as the profile photo is: resized to a square jpeg, shown in the list and the visitor picker', async () => {
      const owner = await newCustomer();
      const member = await add(owner);
      const first = familyImageResponse.parse(expectStatus(await upload(`customers/family/${member.customer_id}/image`, owner, await photo('#0b5fff')), 200));
      expect(first.message).toBe(profileMessageText('memberImageSaved', { name: 'Yousef Karim' }));
      const address = first.data.profile_image_url!;
      expect(address).toMatch(/^\/api\/v1\/profile-images\/[A-Za-z0-9_-]{43}\.jpg$/);
      const served = await app().app.inject({ method: 'GET', url: address });
      const meta = await sharp(served.rawPayload).metadata();
      expect([served.statusCode, meta.format, meta.width, meta.height]).toEqual([200, 'jpeg', 256, 256]);
      expect((await list(owner)).data[0]?.profile_image_url).toBe(address);
      expect((await picker(owner)).find((each) => each.customer_id === member.customer_id)?.profile_image_url).toBe(address);

      const second = familyImageResponse.parse(expectStatus(await upload(`customers/family/${member.customer_id}/image`, owner, await photo('#ff6a00')), 200));
      expect(second.data.profile_image_url).not.toBe(address);
      expect((await app().app.inject({ method: 'GET', url: address })).statusCode, 'the replaced photo is gone').toBe(404);

      const removed = familyImageResponse.parse(expectStatus(await call('DELETE', `customers/family/${member.customer_id}/image`, owner), 200));
      expect(removed).toMatchObject({ data: { customer_id: member.customer_id, profile_image_url: null }, message: profileMessageText('memberImageRemoved', { name: 'Yousef Karim' }) });
      expect((await list(owner)).data[0]?.profile_image_url).toBeNull();
      expect((await app().app.inject({ method: 'GET', url: second.data.profile_image_url! })).statusCode).toBe(404);
    });

    it("answers another customer's member, an unknown one and a bad id as missing, and changes nothing", async () => {
      const owner = await newCustomer();
      const other = await newCustomer();
      const member = await add(owner);
      await upload(`customers/family/${member.customer_id}/image`, owner, await photo('#0b5fff'));
      const before = (await list(owner)).data[0]?.profile_image_url;
      expect(expectStatus(await upload(`customers/family/${member.customer_id}/image`, other, await photo('#000000')), 404)).toMatchObject({ message: profileMessageText('memberNotFound') });
      expectStatus(await call('DELETE', `customers/family/${member.customer_id}/image`, other), 404);
      expectStatus(await call('DELETE', `customers/family/${other.id}/image`, other), 404);
      expectStatus(await call('DELETE', 'customers/family/abc/image', owner), 400);
      expectStatus(await call('DELETE', `customers/family/${member.customer_id}/image`, null), 401);
      expect((await list(owner)).data[0]?.profile_image_url).toBe(before);
    });

    it('refuses what is not a jpeg or png and an empty file with a message, keeping the photo it had', async () => {
      const owner = await newCustomer();
      const member = await add(owner);
      const url = `customers/family/${member.customer_id}/image`;
      expect(expectStatus(await upload(url, owner, Buffer.from('%PDF-1.7\n%%EOF\n')), 422)).toMatchObject({ message: profileMessageText('imageType') });
      expectStatus(await upload(url, owner, Buffer.alloc(0)), 400);
      expect(expectStatus(await upload(url, owner, Buffer.alloc(5 * 1024 * 1024 + 1, 0xff)), 413)).toMatchObject({ message: profileMessageText('imageTooLarge') });
      expect((await list(owner)).data[0]?.profile_image_url).toBeNull();
    });
  });
});
