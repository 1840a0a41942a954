import * as z from 'zod/mini';
import { trimmedText } from './auth';
import { idProofRule, personFields } from './profile';
import { endpoint } from './endpoint';
import { envelope } from './envelope';
import { paginated } from './pagination';
import { queryId } from './primitives';
import { familyMember } from './visitors';
import { onFirstUse } from '../onFirstUse';

/** A customer keeps at most this many family members: enough for a large household, few enough to pick from at a kiosk. */
export const FAMILY_MAX_MEMBERS = 12;

export const FAMILY_RELATIONS = ['spouse', 'child', 'parent', 'sibling', 'other'] as const;
export type FamilyRelation = (typeof FAMILY_RELATIONS)[number];

/** One member on the family page: what the visitor picker knows, plus the relation and their upcoming bookings. */
export const familyEntry = onFirstUse(() => z.extend(familyMember, {
  relation: z.nullable(z.enum(FAMILY_RELATIONS)),
  /** Paid bookings from today on that name this member as a visitor: removing them needs a clear yes. */
  upcoming_bookings: z.int(),
}));
export type FamilyEntry = z.infer<typeof familyEntry>;

export const familyListCall = endpoint('GET', 'customers/family');
/** GET customers/family?page — the customer's family, oldest first, 16 a page. */
export const familyListResponse = onFirstUse(() => envelope(z.extend(paginated(familyEntry), { max_members: z.int() })));

/** POST customers/family (add) and PUT customers/family/:id (edit); both answer familyEntryResponse. */
export const familyMemberRequest = onFirstUse(() => z
  .object({ ...personFields, relation: z.pipe(trimmedText, z.enum(FAMILY_RELATIONS, 'Please choose the relation')) })
  .check(idProofRule()));
export type FamilyMemberRequest = z.input<typeof familyMemberRequest>;
export type FamilyMemberForm = z.output<typeof familyMemberRequest>;

export const familyAddCall = endpoint('POST', 'customers/family');
export const familyEditCall = endpoint('PUT', 'customers/family/:id');
export const familyEntryResponse = onFirstUse(() => z.extend(envelope(familyEntry), { message: z.string() }));

export const familyRemoveCall = endpoint('DELETE', 'customers/family/:id');
/** `?confirm_upcoming=1` says the customer knows the member has upcoming bookings (they stay booked). */
export const familyRemoveQuery = onFirstUse(() => z.object({ confirm_upcoming: z.optional(z.enum(['0', '1'], 'Send 1 or 0')) }));
/** Without confirm_upcoming, a member with upcoming bookings answers 409 with how many. */
export const upcomingBookingsData = onFirstUse(() => z.object({ upcoming_bookings: z.int() }));

export const familyMemberParams = onFirstUse(() => z.object({ id: queryId }));

/**
 * POST customers/family/:id/image (multipart, one file `image`, as the profile photo: jpeg or png up to 5 MB,
 * stored resized) replaces the member's photo; DELETE removes it. Another customer's member answers 404.
 */
export const familyImageCall = endpoint('POST', 'customers/family/:id/image');
export const familyImageRemoveCall = endpoint('DELETE', 'customers/family/:id/image');
export const familyImageResponse = onFirstUse(() => z.extend(envelope(z.object({ customer_id: z.int(), profile_image_url: z.nullable(z.string()) })), { message: z.string() }));
