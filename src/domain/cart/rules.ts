import { checkAddonQuantity, type AddonStock } from '../booking/addonLimits';
import { checkTicketDependencies, type DependentTicket } from '../booking/dependencies';
import { wholeQuantity } from '../booking/messages';
import { checkParticipantThreshold, participantsInSession } from '../booking/participantThreshold';
import { checkTicketQuantity, participantsPerTicket, sameStartTime, type CapacityTicket, type CartTicket } from '../booking/ticketCapacity';
import { ORDER_LIMITS } from '../contract/orderLimits';
import { cartTicketOfLine, type FacilityCartLine } from './facilityLine';
import { isFacilityLine, isMembershipLine, type AcademyCartLine, type CartAddonLine, type CartLine, type LineTarget, type MembershipCartLine } from './lines';
import { cartMessage, fromBooking, type CartMessage } from './messages';

/** A ticket's capacity and dependencies as the venue last reported them (GET facilities/auto). */
export type TicketFacts = CapacityTicket & DependentTicket;

export interface CartRuleContext {
  /** An earlier order of this visitor is still open: the cart warning (spec 001 §4, 'Cart'). */
  pendingOrder: boolean;
  /** The cart session id: this visitor's own reserved slots are its cart lines, counted once. */
  sessionId: string | null;
  /** customer_threshold in the is_baps variant (participants per session); null when there is no cap. */
  customerThreshold: number | null;
}

/** Facts a change may bring along: the facility ticket's capacity and dependencies, an add-on's stock. */
export interface ChangeFacts {
  ticket?: TicketFacts | null;
  stock?: AddonStock | null;
}

export type AddCheck =
  | { ok: true }
  /** `renewIndex`: the membership in the cart the visitor may have meant to renew (PRODUCT.md). */
  | { ok: false; message: CartMessage; renewIndex?: number };

export type CartQuantityCheck = { ok: true; quantity: number } | { ok: false; message: CartMessage };

export type AddonCheck = { ok: true; baseIndex: number; quantity: number } | { ok: false; message: CartMessage };

/** An add-on stock that is not tracked: the default max applies (spec 001 §9). */
const UNTRACKED_STOCK: AddonStock = { inventory_enable: 0 };

const refuse = (message: CartMessage): { ok: false; message: CartMessage } => ({ ok: false, message });

function facilityTickets(cart: readonly CartLine[]): CartTicket[] {
  return cart.filter(isFacilityLine).map(cartTicketOfLine);
}

/** The checks that mix kinds: the open order, memberships against everything else, one POS outlet. */
function checkMix(cart: readonly CartLine[], line: CartLine, ctx: CartRuleContext): AddCheck {
  if (ctx.pendingOrder) return refuse(cartMessage('rules.multipleOrders'));
  const membershipIndex = cart.findIndex(isMembershipLine);
  if (line.type === 'membership') {
    if (membershipIndex >= 0) return membershipDuplicate(cart[membershipIndex] as MembershipCartLine, membershipIndex, line);
    if (cart.length > 0) return refuse(cartMessage('rules.membershipWithOthers'));
    return { ok: true };
  }
  if (membershipIndex >= 0) return refuse(cartMessage('rules.othersWithMembership'));
  if (line.type === 'pos' && cart.some((held) => held.type === 'pos' && held.outlet_id !== line.outlet_id)) {
    return refuse(cartMessage('rules.otherOutlet'));
  }
  return { ok: true };
}

/** A cart holds one membership; the same membership again may be a renewal the visitor meant. */
function membershipDuplicate(held: MembershipCartLine, index: number, line: MembershipCartLine): AddCheck {
  const message = cartMessage('rules.membershipInCart');
  return held.membership_id === line.membership_id ? { ok: false, message, renewIndex: index } : { ok: false, message };
}

function isDuplicate(held: CartLine, line: CartLine): boolean {
  if (held.product_id !== line.product_id) return false;
  switch (line.type) {
    case 'event':
      return held.type === 'event' && held.event_id === line.event_id && held.date === line.date && sameStartTime(held.start_time, line.start_time);
    case 'trainer':
      return held.type === 'trainer' && held.trainer_id === line.trainer_id && held.date === line.date && sameStartTime(held.start_time, line.start_time);
    case 'pos':
      return held.type === 'pos' && held.outlet_id === line.outlet_id;
    default:
      return false;
  }
}

/** The same program of a workshop twice; otherwise days chosen twice within one date range (from one start date). */
function checkWorkshop(cart: readonly CartLine[], line: AcademyCartLine): AddCheck {
  const sameWorkshop = cart.filter((held): held is AcademyCartLine => held.type === 'academy' && held.workshop_id === line.workshop_id);
  if (sameWorkshop.some((held) => held.workshop_program_id === line.workshop_program_id)) return refuse(cartMessage('rules.workshopInCart'));
  const chosen = sameWorkshop.filter((held) => held.start_date === line.start_date).flatMap((held) => held.days);
  const days = [...chosen, ...line.days];
  if (new Set(days).size !== days.length) return refuse(cartMessage('rules.workshopDaysRepeat'));
  return { ok: true };
}

/**
 * Capacity (when the ticket's facts are known), the is_baps participant cap per session, and dependencies, against
 * `others`: the facility lines of the cart other than the one being changed.
 */
function checkFacility(others: readonly CartTicket[], line: FacilityCartLine, quantity: number, ctx: CartRuleContext, facts: ChangeFacts): CartQuantityCheck {
  const slot = { date: line.date, startTime: line.start_time, endTime: line.end_time };
  if (facts.ticket) {
    const capacity = checkTicketQuantity(facts.ticket, quantity, { cartTickets: others, sessionId: ctx.sessionId, date: line.date, startTime: line.start_time });
    if (!capacity.ok) return refuse(fromBooking(capacity.message));
  }
  const threshold = checkParticipantThreshold({
    threshold: ctx.customerThreshold,
    alreadyInSession: participantsInSession(others, slot),
    requested: quantity * participantsPerTicket(line),
  });
  if (!threshold.ok) return refuse(fromBooking(threshold.message));
  if (facts.ticket) {
    const dependency = checkTicketDependencies(facts.ticket, slot, others);
    if (!dependency.ok) return refuse(fromBooking(dependency.message));
  }
  return { ok: true, quantity };
}

/**
 * Whether `line` may join the cart (spec 001 §5, "Cart rules"; spec 000 §5, already in cart), within what one order
 * takes (ORDER_LIMITS), so a full cart can always be bought.
 */
export function checkAdd(cart: readonly CartLine[], line: CartLine, ctx: CartRuleContext, facts: ChangeFacts = {}): AddCheck {
  const mix = checkMix(cart, line, ctx);
  if (!mix.ok) return mix;
  if (cart.length >= ORDER_LIMITS.lines) return refuse(cartMessage('rules.cartFull', { max: ORDER_LIMITS.lines }));
  if (line.type === 'facility' && cart.filter(isFacilityLine).length >= ORDER_LIMITS.facilityLines) {
    return refuse(cartMessage('rules.facilityLinesFull', { max: ORDER_LIMITS.facilityLines }));
  }
  if (line.type === 'offer' && cart.some((held) => held.type === 'offer' && held.offer_id === line.offer_id)) return refuse(cartMessage('rules.packageInCart'));
  if (cart.some((held) => isDuplicate(held, line))) return refuse(cartMessage('rules.productInCart'));
  if (line.type === 'academy') return checkWorkshop(cart, line);
  if (line.type === 'facility') {
    const facility = checkFacility(facilityTickets(cart), line, wholeQuantity(line.quantity), ctx, facts);
    if (!facility.ok) return facility;
  }
  return { ok: true };
}

/** An add-on joins the first line of its group, merging with the same product there, within its max. */
export function checkAddAddon(cart: readonly CartLine[], addon: CartAddonLine, ctx: CartRuleContext, facts: ChangeFacts = {}): AddonCheck {
  if (ctx.pendingOrder) return refuse(cartMessage('rules.multipleOrders'));
  const baseIndex = cart.findIndex((line) => line.group === addon.group);
  const base = cart[baseIndex];
  if (!base) return refuse(cartMessage('rules.addonNeedsTicket'));
  const held = base.addons.find((kept) => kept.product_id === addon.product_id)?.quantity ?? 0;
  const checked = checkAddonQuantity(facts.stock ?? UNTRACKED_STOCK, held + addon.quantity);
  return checked.ok ? { ok: true, baseIndex, quantity: checked.quantity } : refuse(fromBooking(checked.message));
}

/**
 * A stepper change in the cart. Below 0 clamps to 0, which removes the line (with its add-ons) or the add-on.
 * An add-on stays within its max; a facility ticket within capacity, the is_baps cap and (with the ticket's
 * facts) its dependencies, counted against the rest of the cart.
 */
export function checkQuantity(cart: readonly CartLine[], target: LineTarget, quantity: number, ctx: CartRuleContext, facts: ChangeFacts = {}): CartQuantityCheck {
  const wanted = wholeQuantity(quantity);
  const line = cart[target.index];
  if (!line || wanted === 0) return { ok: true, quantity: wanted };
  if (target.addonIndex !== undefined && target.addonIndex !== null) {
    const checked = checkAddonQuantity(facts.stock ?? UNTRACKED_STOCK, wanted);
    return checked.ok ? checked : refuse(fromBooking(checked.message));
  }
  if (!isFacilityLine(line)) return { ok: true, quantity: wanted };
  const others = facilityTickets(cart.filter((_, index) => index !== target.index));
  return checkFacility(others, line, wanted, ctx, facts);
}

