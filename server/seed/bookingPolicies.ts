import { and, eq } from 'drizzle-orm';
import { type Database } from '../db/client';
import { bookingPolicies } from '../db/schema/bookingPolicies';
import { venueServices } from '../db/schema/facilities';

/**
 * The demo venue's cancellation policies, chosen so that bookings a few days ahead land on each side of them
 * whatever the time of day: a pitch three days ahead is free to cancel, an Aqua Park ticket two days ahead
 * carries a fee, a bowling game within four days cannot be cancelled any more.
 */
export const DEMO_POLICIES = {
  football: { freeUntilHours: 24, feePercent: 20, noCancelWithinHours: 2 },
  aqua: { freeUntilHours: 72, feePercent: 50, noCancelWithinHours: 24 },
  bowling: { freeUntilHours: 168, feePercent: 50, noCancelWithinHours: 96 },
  event: { freeUntilHours: 168, feePercent: 25, noCancelWithinHours: 24 },
  training: { freeUntilHours: 24, feePercent: 50, noCancelWithinHours: 4 },
  workshop: { freeUntilHours: 168, feePercent: 25, noCancelWithinHours: 48 },
} as const;

export async function seedBookingPolicies(db: Database, venueId: number): Promise<void> {
  const serviceId = async (name: string) => {
    const [service] = await db.select({ id: venueServices.id }).from(venueServices).where(and(eq(venueServices.venueId, venueId), eq(venueServices.name, name))).limit(1);
    if (!service) throw new Error(`demo service ${name} missing`);
    return service.id;
  };
  await db.insert(bookingPolicies).values([
    { venueId, venueServiceId: await serviceId('Football Pitches'), ...DEMO_POLICIES.football },
    { venueId, venueServiceId: await serviceId('Aqua Park'), ...DEMO_POLICIES.aqua },
    { venueId, venueServiceId: await serviceId('Bowling'), ...DEMO_POLICIES.bowling },
    { venueId, lineKind: 'event', ...DEMO_POLICIES.event },
    { venueId, lineKind: 'training', ...DEMO_POLICIES.training },
    { venueId, lineKind: 'workshop', ...DEMO_POLICIES.workshop },
  ]);
}
