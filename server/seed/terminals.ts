import { hashPassword } from '../auth/passwords';
import { type Database } from '../db/client';
import { terminals } from '../db/schema/kiosk';

/** The demo terminal every venue gets (README): staff provision it with this code and PIN. */
export const DEMO_TERMINAL = { code: 'LOBBY-1', pin: '2468', name: 'Lobby kiosk', arName: 'كشك الردهة', idleSeconds: 60 } as const;

export async function seedTerminals(db: Database, venueId: number): Promise<void> {
  await db.insert(terminals).values({
    venueId,
    code: DEMO_TERMINAL.code,
    name: DEMO_TERMINAL.name,
    arName: DEMO_TERMINAL.arName,
    pinHash: await hashPassword(DEMO_TERMINAL.pin),
    defaultLanguage: 'en',
    idleSeconds: DEMO_TERMINAL.idleSeconds,
  });
}
