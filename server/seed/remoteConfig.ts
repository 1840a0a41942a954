import { type Database } from '../db/client';
import { remoteConfigFlags } from '../db/schema/remoteConfig';

/** The demo venue keeps its maintenance flag, off as the spec has it (spec 001 §7). */
export async function seedRemoteConfig(db: Database, venueId: number) {
  await db.insert(remoteConfigFlags).values({ venueId, maintenance: false });
}
