import * as z from 'zod/mini';
import { fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import { verifyBenefits } from '../api/cart';
import { holdCartItems, openHoldSession, releaseCartItem } from '../api/facilities';
import type { CartLineRow, PortalDb } from '../db/db';
import type { FacilityCartLine } from '../domain/cart/facilityLine';
import { isCartLine } from '../domain/cart/lines';
import { sameStartTime } from '../domain/booking/ticketCapacity';
import { promotion } from '../domain/contract/orders';
import type { AppliedBenefit, CartActors, CartSnapshot } from '../../machines/cartActors';
import { ensureCartSessionId, storedHoldSession, type HoldSessionStore } from './cartSession';
import { portalDb } from './database';

export type CartStoreOptions = {
  /** The device database; tests hand in their own. */
  database?: () => Promise<PortalDb>;
  cartSessionId?: () => string;
  holdSessions?: HoldSessionStore;
  /** How often the hold clock ticks (ms). */
  tickMs?: number;
};

const HOLD_TICK_MS = 1000;

/** The applied code or card kept beside the lines; read back through its schema, as storage may hold anything. */
const appliedBenefit = z.object({
  request: z.union([
    z.object({ promotion_code: z.string(), mobile: z.nullish(z.string()) }),
    z.object({ card_number: z.string(), mobile: z.string() }),
  ]),
  promotion,
});

const benefitKey = (sessionKey: string) => `cartBenefit:${sessionKey}`;

/** The message an actor rejects with: the server's words, or '' when the network failed (the UI words it). */
class CallFailed extends Error {}

/** A refused hold, with the answer's status for a caller that words some refusals itself. */
export class HoldRefused extends CallFailed {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function lineOfRow(row: CartLineRow): unknown {
  const { id: _id, sessionKey: _sessionKey, ...line } = row;
  return line;
}

/** This session's cart, in the order its lines were added. */
export async function loadCart(db: PortalDb, sessionKey: string): Promise<CartSnapshot> {
  const [rows, kept] = await Promise.all([db.cartLines.where('sessionKey').equals(sessionKey).sortBy('id'), db.settings.get(benefitKey(sessionKey))]);
  const benefit = appliedBenefit.safeParse(kept?.value);
  return { lines: rows.map(lineOfRow).filter(isCartLine), benefit: benefit.success ? (benefit.data as AppliedBenefit) : null };
}

/** Replaces this session's cart in one transaction, so a crash never leaves half of it. */
export async function saveCart(db: PortalDb, sessionKey: string, snapshot: CartSnapshot): Promise<void> {
  await db.transaction('rw', db.cartLines, db.settings, async () => {
    await db.cartLines.where('sessionKey').equals(sessionKey).delete();
    if (snapshot.lines.length > 0) await db.cartLines.bulkAdd(snapshot.lines.map((line) => ({ ...line, sessionKey })));
    if (snapshot.benefit) await db.settings.put({ key: benefitKey(sessionKey), value: snapshot.benefit });
    else await db.settings.delete(benefitKey(sessionKey));
  });
}

/** A hold session the venue issues now (POST cart/session), kept for the holds and calls that follow. */
async function newHoldSession(api: ApiClient, sessions: HoldSessionStore): Promise<string> {
  const issued = await openHoldSession(api);
  if (!issued.ok) throw new CallFailed(issued.message);
  sessions.keep(issued.data.data.session_id);
  return issued.data.data.session_id;
}

/** The answer when the venue no longer knows a hold session (it forgets idle ones): a new one is asked for. */
const UNKNOWN_HOLD_SESSION = 403;

/**
 * POST cart/sync for facility lines about to join the cart (allow_facility_items_reservation on), under the hold
 * session the venue issued (asked for first when there is none): each line comes back with the expiry of its
 * hold, for the cart's countdown. Rejects with the answer when refused.
 */
export async function holdFacilityLines(api: ApiClient, lines: FacilityCartLine[], sessions: HoldSessionStore = storedHoldSession): Promise<FacilityCartLine[]> {
  if (lines.length === 0) return [];
  const items = lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity, date: line.date, start_time: line.start_time, end_time: line.end_time, facility_id: line.facility_id }));
  const kept = sessions.read();
  let result = await holdCartItems(api, items, kept ?? (await newHoldSession(api, sessions)));
  if (!result.ok && result.status === UNKNOWN_HOLD_SESSION && kept !== null) result = await holdCartItems(api, items, await newHoldSession(api, sessions));
  if (!result.ok) throw new HoldRefused(result.status, result.message);
  const { holds } = result.data.data;
  return lines.map((line) => {
    const hold = holds.find(
      (held) => held.product_id === line.product_id && held.facility_id === line.facility_id && held.date === line.date && sameStartTime(held.start_time, line.start_time),
    );
    return { ...line, hold_expires_at: hold?.expires_at ?? null };
  });
}

/** The real storage, calls and clock behind the cart machine (machines/cart.ts). */
export function createCartActors(api: ApiClient, options: CartStoreOptions = {}): CartActors {
  const db = options.database ?? (() => portalDb('now'));
  const sessionKey = options.cartSessionId ?? ensureCartSessionId;
  const holdSessions = options.holdSessions ?? storedHoldSession;
  return {
    loadCart: fromPromise(async () => loadCart(await db(), sessionKey())),
    saveCart: fromPromise(async ({ input }) => saveCart(await db(), sessionKey(), input)),
    // Best effort: a hold that is not released lapses on the server by itself. Without a hold session nothing is held.
    releaseHold: fromPromise(async ({ input }) => {
      const holdSession = holdSessions.read();
      if (holdSession !== null) await releaseCartItem(api, input, holdSession);
    }),
    verifyBenefits: fromPromise(async ({ input }) => {
      const result = await verifyBenefits(api, input);
      if (!result.ok) throw new CallFailed(result.message);
      return result.data.data;
    }),
    holdClock: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'holds.tick' }), options.tickMs ?? HOLD_TICK_MS);
      return () => clearInterval(timer);
    }),
  };
}
