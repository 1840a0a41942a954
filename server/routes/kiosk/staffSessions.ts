import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { hashToken } from '../../auth/tokens';
import { type Database } from '../../db/client';
import { staffSessions, terminals } from '../../db/schema/kiosk';

/**
 * How long a staff session lasts at most. The panel ends it when it closes (after a minute without a touch at
 * the latest); this bounds a token the device never got to end (power cut, lost network).
 */
export const STAFF_SESSION_MINUTES = 15;

const STAFF_TOKEN_LENGTH = 43;

/** Opens a staff session on a terminal whose PIN was just found right; only the token's digest is kept. */
export async function openStaffSession(db: Database, terminalId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MINUTES * 60_000);
  // Sessions past their time are of no use to anyone: each opening clears the terminal's, so they never pile up.
  await db.delete(staffSessions).where(and(eq(staffSessions.terminalId, terminalId), lte(staffSessions.expiresAt, now)));
  await db.insert(staffSessions).values({ terminalId, tokenHash: hashToken(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** The venue whose staff opened the session this token names, while it lasts; null for anything else. */
export async function staffVenueOf(db: Pick<Database, 'select'>, token: string | undefined, now: Date): Promise<number | null> {
  if (!token || token.length !== STAFF_TOKEN_LENGTH) return null;
  const [row] = await db
    .select({ venueId: terminals.venueId })
    .from(staffSessions)
    .innerJoin(terminals, eq(terminals.id, staffSessions.terminalId))
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), gt(staffSessions.expiresAt, now)))
    .limit(1);
  return row?.venueId ?? null;
}

/** Ends the terminal's staff session this token names; answers whether there was one to end. */
export async function endStaffSession(db: Database, terminalId: number, token: string | undefined): Promise<boolean> {
  if (!token || token.length !== STAFF_TOKEN_LENGTH) return false;
  const ended = await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.terminalId, terminalId), eq(staffSessions.tokenHash, hashToken(token))))
    .returning({ id: staffSessions.id });
  return ended.length > 0;
}

/** The header value of a request, as Node gives it (a repeated header counts by its first value). */
export function headerValue(header: string | string[] | undefined): string | undefined {
  return (Array.isArray(header) ? header[0] : header)?.trim();
}
