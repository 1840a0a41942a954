import { assertEvent, assign, emit, enqueueActions, raise, setup } from 'xstate';
import { type AddonStock } from '../src/domain/booking/addonLimits';
import { addAddon, removeTarget, renewMembership, setQuantity } from '../src/domain/cart/edits';
import { holdReleases, lapsedLineIndexes } from '../src/domain/cart/holds';
import { type CartAddonLine, type CartLine, type LineTarget, type MembershipCartLine } from '../src/domain/cart/lines';
import { cartMessage, cartMessageText, type CartMessage } from '../src/domain/cart/messages';
import { applyPromotion, benefitProducts, promotionApplies, removePromotion } from '../src/domain/cart/orderPayload';
import { checkAdd, checkAddAddon, checkQuantity, type CartRuleContext, type TicketFacts } from '../src/domain/cart/rules';
import { type BenefitsVerifyBody, type Promotion } from '../src/domain/contract/orders';
import { type VisitorEntry } from '../src/domain/contract/visitors';
import { CART_PLACEHOLDERS, type AppliedBenefit, type BenefitRequest, type CartSnapshot } from './cartActors';

/**
 * The cart (spec 001 §3 cart lines and promotion state, §4 'Cart', §5 'Cart rules'; spec 000 §5 already in cart).
 *
 * - `loading` reads this session's cart (`loadCart`), then `ready`, a parallel state:
 *   - `persistence`: `saved` ⇄ `saving` — every change is written (`saveCart`); a newer change restarts the write.
 *   - `promotion`: `none` → 'promo.apply' / 'benefit.apply' → `verifying` (POST benefits/verify) → `applied`, or back
 *     to `none` with the server's refusal ('Promo not valid for selected tickets' also when the answer discounts
 *     nothing in this cart). A change to the lines re-verifies an applied code;
 *     'promo.remove' drops it.
 * - Edits ('cart.add', 'addon.add', 'cart.quantity', 'cart.remove', 'cart.clear', 'cart.reset') are checked by
 *   src/domain/cart/rules.ts; a refusal becomes `notice` (with a rising `id`, for the toast) and the cart is kept.
 *   A membership already in the cart sets `renewOffer` ('renew.accept' / 'renew.decline'). An open earlier order
 *   ('order.pending') sets `warning` (the cart warning: Clear Cart sends 'cart.clear', View Cart 'warning.dismiss').
 * - Holds: with allow_facility_items_reservation on, removing a facility line, clearing and resetting the cart
 *   release its hold (DELETE cart/sync, best effort: an unreleased hold lapses on the server). 'holds.tick'
 *   (from `holdClock`) drops lines whose hold has lapsed, with a message naming them.
 * - When an anonymous (guest) user's cart becomes empty the machine emits 'cart.emptied'; the app forwards it to
 *   the session machine ('session.cartEmptied', spec 001 §4).
 *
 * Busy states carry the 'pending' tag.
 */

export interface CartInput {
  /** allow_facility_items_reservation: facility lines are held on the server and released when they leave. */
  holdsLines: boolean;
  /** customer_threshold in the is_baps variant; null otherwise. */
  customerThreshold: number | null;
  /** The cart session id (src/services/cartSession.ts). */
  sessionId: string | null;
  anonymousUser: boolean;
  pendingOrder?: boolean;
  /** Epoch ms, for hold expiries. */
  now: () => number;
}

export type CartNoticeMessage = CartMessage | { ns: null; text: string };

export interface CartNotice {
  id: number;
  kind: 'error' | 'success';
  message: CartNoticeMessage;
}

export interface RenewOffer {
  /** The membership line in the cart. */
  index: number;
  line: MembershipCartLine;
}

export interface CartContext {
  lines: CartLine[];
  benefit: AppliedBenefit | null;
  /** The code or card being verified. */
  benefitRequest: BenefitRequest | null;
  rules: CartRuleContext;
  holdsLines: boolean;
  anonymousUser: boolean;
  now: () => number;
  notice: CartNotice | null;
  renewOffer: RenewOffer | null;
  /** The cart warning (multiple orders) is showing. */
  warning: boolean;
}

export type CartEvent =
  | { type: 'cart.add'; line: CartLine; ticket?: TicketFacts | null }
  | { type: 'addon.add'; addon: CartAddonLine; stock?: AddonStock | null }
  | ({ type: 'cart.quantity'; quantity: number; ticket?: TicketFacts | null; stock?: AddonStock | null } & LineTarget)
  | ({ type: 'cart.remove' } & LineTarget)
  /** The visitors of one booking, given from the cart (the per-booking customer details, spec 001 §2). */
  | { type: 'cart.customers'; index: number; customers: VisitorEntry[] }
  | { type: 'cart.clear' }
  | { type: 'cart.reset' }
  | { type: 'cart.reload' }
  | { type: 'renew.accept' }
  | { type: 'renew.decline' }
  | { type: 'warning.dismiss' }
  | { type: 'order.pending'; pending: boolean }
  | { type: 'user.changed'; anonymous: boolean }
  | { type: 'promo.apply'; code: string; mobile?: string | null }
  | { type: 'benefit.apply'; cardNumber: string; mobile: string }
  | { type: 'promo.remove' }
  | { type: 'holds.tick' }
  /** Raised inside: the lines changed (save, and re-verify an applied code). */
  | { type: 'cart.edited' }
  /** Raised inside: only discounts changed (save). */
  | { type: 'cart.persist' };

export type CartEmitted = { type: 'cart.emptied' };

const PROMO_INVALID_TEXT = cartMessageText(cartMessage('notices.promoInvalid'));

const errorText = (error: unknown) => (error instanceof Error ? error.message : '');

function notice(context: CartContext, kind: CartNotice['kind'], message: CartNoticeMessage): CartNotice {
  return { id: (context.notice?.id ?? 0) + 1, kind, message };
}

function hasTarget(lines: readonly CartLine[], target: LineTarget): boolean {
  const line = lines[target.index];
  if (!line) return false;
  return target.addonIndex === undefined || target.addonIndex === null || line.addons[target.addonIndex] !== undefined;
}

const targetOf = (event: LineTarget): LineTarget => ({ index: event.index, addonIndex: event.addonIndex ?? null });

function verifyBody(lines: readonly CartLine[], request: BenefitRequest): BenefitsVerifyBody {
  const products = benefitProducts(lines);
  return 'card_number' in request ? { products, card_number: request.card_number, mobile: request.mobile } : { products, promotion_code: request.promotion_code, mobile: request.mobile ?? null };
}

export const cartMachine = setup({
  types: {
    input: {} as CartInput,
    context: {} as CartContext,
    events: {} as CartEvent,
    emitted: {} as CartEmitted,
  },
  actors: CART_PLACEHOLDERS,
  guards: {
    isOrderPending: ({ context }) => context.rules.pendingOrder,
    isAddRefused: ({ context, event }) => {
      assertEvent(event, 'cart.add');
      return !checkAdd(context.lines, event.line, context.rules, { ticket: event.ticket }).ok;
    },
    isAddonRefused: ({ context, event }) => {
      assertEvent(event, 'addon.add');
      return !checkAddAddon(context.lines, event.addon, context.rules, { stock: event.stock }).ok;
    },
    isQuantityRefused: ({ context, event }) => {
      assertEvent(event, 'cart.quantity');
      return !checkQuantity(context.lines, targetOf(event), event.quantity, context.rules, event).ok;
    },
    hasTarget: ({ context, event }) => {
      assertEvent(event, ['cart.quantity', 'cart.remove', 'cart.customers']);
      return hasTarget(context.lines, event.type === 'cart.customers' ? { index: event.index } : targetOf(event));
    },
    hasLines: ({ context }) => context.lines.length > 0,
    hasBenefit: ({ context }) => context.benefit !== null,
    hasRenewOffer: ({ context }) => context.renewOffer !== null,
    hasLapsedHolds: ({ context }) => lapsedLineIndexes(context.lines, context.now()).length > 0,
    isPromotionForCart: ({ context }, promotion: Promotion) => promotionApplies(context.lines, promotion),
  },
  actions: {
    showWarning: assign({ warning: true }),
    noticeAddRefusal: assign(({ context, event }) => {
      assertEvent(event, 'cart.add');
      const check = checkAdd(context.lines, event.line, context.rules, { ticket: event.ticket });
      if (check.ok) return {};
      const renewOffer = check.renewIndex !== undefined && event.line.type === 'membership' ? { index: check.renewIndex, line: event.line } : null;
      return { notice: notice(context, 'error', check.message), renewOffer };
    }),
    addLine: assign(({ context, event }) => {
      assertEvent(event, 'cart.add');
      return { lines: [...context.lines, event.line] };
    }),
    noticeAddonRefusal: assign(({ context, event }) => {
      assertEvent(event, 'addon.add');
      const check = checkAddAddon(context.lines, event.addon, context.rules, { stock: event.stock });
      return check.ok ? {} : { notice: notice(context, 'error', check.message) };
    }),
    addAddon: assign(({ context, event }) => {
      assertEvent(event, 'addon.add');
      const check = checkAddAddon(context.lines, event.addon, context.rules, { stock: event.stock });
      return check.ok ? { lines: addAddon(context.lines, check.baseIndex, event.addon, check.quantity) } : {};
    }),
    noticeQuantityRefusal: assign(({ context, event }) => {
      assertEvent(event, 'cart.quantity');
      const check = checkQuantity(context.lines, targetOf(event), event.quantity, context.rules, event);
      return check.ok ? {} : { notice: notice(context, 'error', check.message) };
    }),
    setQuantity: assign(({ context, event }) => {
      assertEvent(event, 'cart.quantity');
      const check = checkQuantity(context.lines, targetOf(event), event.quantity, context.rules, event);
      return check.ok ? { lines: setQuantity(context.lines, targetOf(event), check.quantity) } : {};
    }),
    /** A line leaving the cart (not an add-on, whose hold is its base line's) gives its hold back. */
    releaseRemovedHold: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ['cart.quantity', 'cart.remove']);
      const target = targetOf(event);
      const leaves = (target.addonIndex ?? null) === null && (event.type === 'cart.remove' || event.quantity <= 0);
      const line = context.lines[target.index];
      if (!context.holdsLines || !leaves || !line) return;
      for (const item of holdReleases([line])) enqueue.spawnChild('releaseHold', { input: item });
    }),
    setCustomers: assign(({ context, event }) => {
      assertEvent(event, 'cart.customers');
      return { lines: context.lines.map((line, index) => (index === event.index ? { ...line, customers: event.customers } : line)) };
    }),
    removeTarget: assign(({ context, event }) => {
      assertEvent(event, 'cart.remove');
      return { lines: removeTarget(context.lines, targetOf(event)) };
    }),
    releaseAllHolds: enqueueActions(({ context, enqueue }) => {
      if (!context.holdsLines) return;
      for (const item of holdReleases(context.lines)) enqueue.spawnChild('releaseHold', { input: item });
    }),
    emptyCart: assign({ lines: [], benefit: null, benefitRequest: null, renewOffer: null, warning: false }),
    noticeCleared: assign(({ context }) => ({ notice: notice(context, 'success', cartMessage('notices.cleared')) })),
    /** The visitor cleared the cart: the earlier order is theirs to finish or abandon; this cart may go on. */
    forgetPendingOrder: assign(({ context }) => ({ rules: { ...context.rules, pendingOrder: false } })),
    dropLapsedHolds: assign(({ context }) => {
      const lapsed = lapsedLineIndexes(context.lines, context.now());
      const lapsedLines = lapsed.flatMap((index) => context.lines[index] ?? []);
      // Both names travel with the message; each language's text picks its own.
      const names = lapsedLines.map((line) => line.name).join(', ');
      const arNames = lapsedLines.map((line) => line.ar_name ?? line.name).join('، ');
      return {
        lines: context.lines.filter((_, index) => !lapsed.includes(index)),
        notice: notice(context, 'error', cartMessage('notices.holdExpired', { name: names, arName: arNames })),
      };
    }),
    renew: assign(({ context }) => (context.renewOffer ? { lines: renewMembership(context.lines, context.renewOffer.index, context.renewOffer.line), renewOffer: null } : {})),
    declineRenewal: assign({ renewOffer: null }),
    dismissWarning: assign({ warning: false }),
    setPendingOrder: assign(({ context, event }) => {
      assertEvent(event, 'order.pending');
      return { rules: { ...context.rules, pendingOrder: event.pending } };
    }),
    setUser: assign(({ event }) => {
      assertEvent(event, 'user.changed');
      return { anonymousUser: event.anonymous };
    }),
    edited: raise({ type: 'cart.edited' }),
    persist: raise({ type: 'cart.persist' }),
    emitIfEmptied: enqueueActions(({ context, enqueue }) => {
      if (context.anonymousUser && context.lines.length === 0) enqueue(emit({ type: 'cart.emptied' }));
    }),
    requestPromo: assign(({ event }) => {
      assertEvent(event, ['promo.apply', 'benefit.apply']);
      const request: BenefitRequest =
        event.type === 'promo.apply' ? { promotion_code: event.code.trim(), mobile: event.mobile ?? null } : { card_number: event.cardNumber.trim(), mobile: event.mobile };
      return { benefitRequest: request };
    }),
    noticePromoInvalid: assign(({ context }) => ({ notice: notice(context, 'error', cartMessage('notices.promoInvalid')) })),
    applyBenefit: assign(({ context }, promotion: Promotion) => {
      const request = context.benefitRequest;
      if (!request) return {};
      const renewed = context.benefit !== null && JSON.stringify(context.benefit.request) === JSON.stringify(request);
      const applied = { lines: applyPromotion(context.lines, promotion), benefit: { request, promotion }, benefitRequest: null };
      if (renewed) return applied;
      const key = 'card_number' in request ? 'notices.benefitApplied' : 'notices.promoApplied';
      return { ...applied, notice: notice(context, 'success', cartMessage(key)) };
    }),
    /** A refusal shows the server's words (spec 001 §8), in the visitor's language when they are the spec's own. */
    refuseBenefit: assign(({ context }, message: string) => {
      const shown: CartNoticeMessage =
        message === '' ? cartMessage('notices.requestFailed') : message === PROMO_INVALID_TEXT ? cartMessage('notices.promoInvalid') : { ns: null, text: message };
      return { lines: removePromotion(context.lines), benefit: null, benefitRequest: null, notice: notice(context, 'error', shown) };
    }),
    dropBenefit: assign(({ context }) => ({ lines: removePromotion(context.lines), benefit: null, benefitRequest: null })),
    reverify: assign(({ context }) => ({ benefitRequest: context.benefit?.request ?? context.benefitRequest })),
    noticePromoRemoved: assign(({ context }) => ({ notice: notice(context, 'success', cartMessage('notices.promoRemoved')) })),
    restore: assign((_, snapshot: CartSnapshot) => ({ lines: snapshot.lines, benefit: snapshot.benefit })),
    noticeLoadFailed: assign(({ context }) => ({ notice: notice(context, 'error', cartMessage('notices.loadFailed')) })),
    noticeSaveFailed: assign(({ context }) => ({ notice: notice(context, 'error', cartMessage('notices.saveFailed')) })),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({
    lines: [],
    benefit: null,
    benefitRequest: null,
    rules: { pendingOrder: input.pendingOrder ?? false, sessionId: input.sessionId, customerThreshold: input.customerThreshold },
    holdsLines: input.holdsLines,
    anonymousUser: input.anonymousUser,
    now: input.now,
    notice: null,
    renewOffer: null,
    warning: false,
  }),
  on: {
    'order.pending': { actions: 'setPendingOrder' },
    'user.changed': { actions: 'setUser' },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: { target: 'ready', actions: { type: 'restore', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'noticeLoadFailed' },
      },
    },
    ready: {
      type: 'parallel',
      invoke: { id: 'holdClock', src: 'holdClock' },
      on: {
        'cart.add': [
          { guard: 'isOrderPending', actions: 'showWarning' },
          { guard: 'isAddRefused', actions: 'noticeAddRefusal' },
          { actions: ['addLine', 'edited'] },
        ],
        'addon.add': [
          { guard: 'isOrderPending', actions: 'showWarning' },
          { guard: 'isAddonRefused', actions: 'noticeAddonRefusal' },
          { actions: ['addAddon', 'edited'] },
        ],
        'cart.quantity': [
          { guard: 'isQuantityRefused', actions: 'noticeQuantityRefusal' },
          { guard: 'hasTarget', actions: ['releaseRemovedHold', 'setQuantity', 'edited', 'emitIfEmptied'] },
        ],
        'cart.remove': { guard: 'hasTarget', actions: ['releaseRemovedHold', 'removeTarget', 'edited', 'emitIfEmptied'] },
        'cart.customers': { guard: 'hasTarget', actions: ['setCustomers', 'edited'] },
        'cart.clear': [
          { guard: 'hasLines', actions: ['releaseAllHolds', 'emptyCart', 'forgetPendingOrder', 'noticeCleared', 'edited', 'emitIfEmptied'] },
          { actions: ['emptyCart', 'forgetPendingOrder', 'noticeCleared'] },
        ],
        'cart.reset': { actions: ['releaseAllHolds', 'emptyCart', 'edited'] },
        'cart.reload': { target: 'loading' },
        'holds.tick': { guard: 'hasLapsedHolds', actions: ['dropLapsedHolds', 'edited', 'emitIfEmptied'] },
        'renew.accept': { guard: 'hasRenewOffer', actions: ['renew', 'edited'] },
        'renew.decline': { actions: 'declineRenewal' },
        'warning.dismiss': { actions: 'dismissWarning' },
      },
      states: {
        persistence: {
          initial: 'saved',
          states: {
            saved: {
              on: { 'cart.edited': 'saving', 'cart.persist': 'saving' },
            },
            // A newer change restarts the write from inside this region, leaving the promotion region alone.
            saving: {
              on: {
                'cart.edited': { target: 'saving', reenter: true },
                'cart.persist': { target: 'saving', reenter: true },
              },
              tags: ['pending'],
              invoke: {
                id: 'saveCart',
                src: 'saveCart',
                input: ({ context }) => ({ lines: context.lines, benefit: context.benefit }),
                onDone: { target: 'saved' },
                onError: { target: 'saved', actions: 'noticeSaveFailed' },
              },
            },
          },
        },
        promotion: {
          initial: 'restoring',
          states: {
            restoring: {
              always: [{ guard: 'hasBenefit', target: 'applied' }, { target: 'none' }],
            },
            none: {
              on: {
                'promo.apply': [
                  { guard: 'hasLines', target: 'verifying', actions: 'requestPromo' },
                  { actions: 'noticePromoInvalid' },
                ],
                'benefit.apply': [
                  { guard: 'hasLines', target: 'verifying', actions: 'requestPromo' },
                  { actions: 'noticePromoInvalid' },
                ],
              },
            },
            verifying: {
              tags: ['pending'],
              invoke: {
                id: 'verifyBenefits',
                src: 'verifyBenefits',
                input: ({ context }) => verifyBody(context.lines, context.benefitRequest ?? { promotion_code: '' }),
                onDone: [
                  {
                    guard: { type: 'isPromotionForCart', params: ({ event }) => event.output },
                    target: 'applied',
                    actions: [{ type: 'applyBenefit', params: ({ event }) => event.output }, 'persist'],
                  },
                  { target: 'none', actions: ['dropBenefit', 'noticePromoInvalid', 'persist'] },
                ],
                onError: { target: 'none', actions: [{ type: 'refuseBenefit', params: ({ event }) => errorText(event.error) }, 'persist'] },
              },
              on: {
                'cart.edited': [
                  { guard: 'hasLines', target: 'verifying', reenter: true },
                  { target: 'none', actions: ['dropBenefit', 'persist'] },
                ],
                'promo.remove': { target: 'none', actions: ['dropBenefit', 'persist'] },
              },
            },
            applied: {
              on: {
                'cart.edited': [
                  { guard: 'hasLines', target: 'verifying', actions: 'reverify' },
                  { target: 'none', actions: ['dropBenefit', 'persist'] },
                ],
                'promo.apply': { target: 'verifying', actions: 'requestPromo' },
                'benefit.apply': { target: 'verifying', actions: 'requestPromo' },
                'promo.remove': { target: 'none', actions: ['dropBenefit', 'noticePromoRemoved', 'persist'] },
              },
            },
          },
        },
      },
    },
  },
});
