import { and, asc, count, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import {
  FAMILY_MAX_MEMBERS,
  FAMILY_RELATIONS,
  familyAddCall,
  familyEditCall,
  familyEntryResponse,
  familyListCall,
  familyListResponse,
  familyMemberParams,
  familyMemberRequest,
  familyRemoveCall,
  familyRemoveQuery,
  type FamilyEntry,
  type FamilyMemberForm,
  type FamilyRelation,
} from '../../../src/domain/contract/family';
import { messageResponse } from '../../../src/domain/contract/auth';
import { idProofTypeOf } from '../../../src/domain/contract/profile';
import { profileMessageText } from '../../../src/domain/profile/profileMessages';
import { compactEmiratesId } from '../../../src/domain/validation/emiratesId';
import { venueNow } from '../../../src/domain/venueTime';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { orderLines, orders } from '../../db/schema/orders';
import { countries, familyMembers } from '../../db/schema/visitors';
import { loginFirst, requireCustomer } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import { listPage } from '../../http/pagination';
import { serve } from '../../http/serve';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue, siteConfigOf } from '../../http/venue';
import { DetailedHttpError, installAccountErrors, parseForm } from '../accounts/accountsShared';
import { type AppContext } from '../../http/context';
import { toFamilyMember } from '../visitors/visitors';

type FamilyRow = typeof familyMembers.$inferSelect;

const relationOf = (value: string | null): FamilyRelation | null => (FAMILY_RELATIONS as readonly string[]).includes(value ?? '') ? (value as FamilyRelation) : null;

/** Orders that still hold their places: paid, or waiting for the venue to approve them. */
const LIVE_ORDER = inArray(orders.status, ['paid', 'awaiting_approval']);

/** How many of the owner's live bookings from today on name each member as a visitor. */
async function upcomingBookings(db: Database, ownerId: number, memberIds: number[], today: string): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (memberIds.length === 0) return counts;
  const lines = await db
    .select({ customers: orderLines.customers })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.customerId, ownerId),
        LIVE_ORDER,
        isNull(orderLines.cancelledAt),
        gte(orderLines.date, today),
        or(...memberIds.map((memberId) => sql`${orderLines.customers} @> ${JSON.stringify([{ customer_id: memberId }])}::jsonb`)),
      ),
    );
  for (const line of lines) {
    const named = new Set(line.customers.map((visitor) => (visitor as { customer_id?: unknown }).customer_id));
    for (const memberId of memberIds) if (named.has(memberId)) counts.set(memberId, (counts.get(memberId) ?? 0) + 1);
  }
  return counts;
}

const toEntry = (row: FamilyRow, upcoming: number): FamilyEntry => ({ ...toFamilyMember(row), relation: relationOf(row.relation), upcoming_bookings: upcoming });

async function venueToday(db: Database, request: FastifyRequest, now: Date): Promise<string> {
  const venue = await requireVenue(db, request);
  return venueNow(siteConfigOf(venue).time_zone, now).today;
}

/** The owner's member by the member's customer id; anyone else's answers exactly as a missing one. */
export async function ownMember(db: Database, ownerId: number, memberId: number): Promise<FamilyRow> {
  const [row] = await db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.ownerId, ownerId), eq(familyMembers.memberId, memberId)))
    .limit(1);
  if (!row) throw notFound(profileMessageText('memberNotFound'));
  return row;
}

const fieldError = (field: string, message: string) => new DetailedHttpError(422, message, { errors: { [field]: message } });

async function checkMemberForm(db: Database, form: FamilyMemberForm, today: string) {
  if (form.dob !== '' && form.dob > today) throw fieldError('dob', profileMessageText('dobFuture'));
  if (form.nationality_id !== null) {
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, form.nationality_id)).limit(1);
    if (!country) throw fieldError('nationality_id', profileMessageText('unknownCountry'));
  }
}

/** The member's details as both their family row and their own customer row keep them. */
function memberColumns(form: FamilyMemberForm) {
  const idProofType = idProofTypeOf(form.id_proof_type_id);
  return {
    person: { firstName: form.first_name, lastName: form.last_name, dob: form.dob || null, gender: form.gender || null },
    family: {
      relation: form.relation,
      nationality: form.nationality_id,
      idProofTypeId: idProofType,
      idProofNumber: idProofType === null ? null : idProofType === 32 ? compactEmiratesId(form.id_proof_number) : form.id_proof_number,
    },
  };
}

/** The family page: list, add, edit and remove members; the booking's visitor picker (customers-associated) reads the same rows. */
export const familyRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  installAccountErrors(app);

  serve(app, familyListCall, async (request, reply) => {
    const owner = requireCustomer(request);
    const page = await listPage(db, request.query, {
      table: familyMembers,
      where: eq(familyMembers.ownerId, owner.id),
      orderBy: [asc(familyMembers.id)],
      toItem: (row) => row,
    });
    const upcoming = await upcomingBookings(db, owner.id, page.data.map((row) => row.memberId), await venueToday(db, request, now()));
    return sendParsed(reply, familyListResponse, {
      status: true,
      data: { ...page, data: page.data.map((row) => toEntry(row, upcoming.get(row.memberId) ?? 0)), max_members: FAMILY_MAX_MEMBERS },
    });
  }, { onRequest: loginFirst });

  serve(app, familyAddCall, async (request, reply) => {
    const owner = requireCustomer(request);
    const form = parseForm(familyMemberRequest, request.body);
    await checkMemberForm(db, form, await venueToday(db, request, now()));
    const { person, family } = memberColumns(form);
    const row = await db.transaction(async (tx) => {
      // Counted under a lock on the owner's row, so two adds at once cannot both take the last place.
      await tx.execute(sql`select id from ${customers} where ${customers.id} = ${owner.id} for update`);
      const [saved] = await tx.select({ total: count() }).from(familyMembers).where(eq(familyMembers.ownerId, owner.id));
      if ((saved?.total ?? 0) >= FAMILY_MAX_MEMBERS) throw new HttpError(422, profileMessageText('familyFull', { max: FAMILY_MAX_MEMBERS }));
      // A member is a customer of their own, without a login, so bookings and saved answers name them by id.
      const [memberCustomer] = await tx.insert(customers).values(person).returning({ id: customers.id });
      if (!memberCustomer) throw new Error('the family member was not created');
      const [inserted] = await tx
        .insert(familyMembers)
        .values({ ownerId: owner.id, memberId: memberCustomer.id, firstName: person.firstName, lastName: person.lastName, dob: person.dob, gender: person.gender, ...family })
        .returning();
      if (!inserted) throw new Error('the family member was not saved');
      return inserted;
    });
    return sendParsed(reply, familyEntryResponse, { status: true, data: toEntry(row, 0), message: profileMessageText('memberAdded') }, 201);
  }, { onRequest: loginFirst });

  serve(app, familyEditCall, async (request, reply) => {
    const owner = requireCustomer(request);
    const { id } = parseInput(familyMemberParams, request.params, 'params');
    const current = await ownMember(db, owner.id, id);
    const form = parseForm(familyMemberRequest, request.body);
    const today = await venueToday(db, request, now());
    await checkMemberForm(db, form, today);
    const { person, family } = memberColumns(form);
    const row = await db.transaction(async (tx) => {
      await tx.update(customers).set(person).where(eq(customers.id, current.memberId));
      const [updated] = await tx
        .update(familyMembers)
        .set({ firstName: person.firstName, lastName: person.lastName, dob: person.dob, gender: person.gender, ...family })
        .where(eq(familyMembers.id, current.id))
        .returning();
      if (!updated) throw new Error('the family member was not updated');
      return updated;
    });
    const upcoming = await upcomingBookings(db, owner.id, [row.memberId], today);
    return sendParsed(reply, familyEntryResponse, { status: true, data: toEntry(row, upcoming.get(row.memberId) ?? 0), message: profileMessageText('memberSaved') });
  }, { onRequest: loginFirst });

  serve(app, familyRemoveCall, async (request, reply) => {
    const owner = requireCustomer(request);
    const { id } = parseInput(familyMemberParams, request.params, 'params');
    const { confirm_upcoming } = parseInput(familyRemoveQuery, request.query, 'query');
    const member = await ownMember(db, owner.id, id);
    const upcoming = (await upcomingBookings(db, owner.id, [member.memberId], await venueToday(db, request, now()))).get(member.memberId) ?? 0;
    if (upcoming > 0 && confirm_upcoming !== '1') {
      const message = profileMessageText('memberHasBookings', { name: `${member.firstName} ${member.lastName}`, count: upcoming });
      throw new DetailedHttpError(409, message, { upcoming_bookings: upcoming });
    }
    // Only the link goes: the member's own customer row stays, because past and upcoming tickets name it.
    await db.delete(familyMembers).where(eq(familyMembers.id, member.id));
    return sendParsed(reply, messageResponse, { status: true, data: null, message: profileMessageText('memberRemoved') });
  }, { onRequest: loginFirst });
};
