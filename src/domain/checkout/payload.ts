import { type CartLine } from '../cart/lines';
import { toOrderProducts } from '../cart/orderPayload';
import { multipartFields } from '../contract/auth';
import { FORM_POST_GATEWAY, type OrderResult } from '../contract/orders';
import { type User } from '../session';
import { payerKind, type PaymentChoices, type PaymentOptions } from './payment';

/** A promo code or membership card applied to the cart (the cart machine's benefit request). */
export type AppliedBenefitRequest = { promotion_code: string; mobile?: string | null } | { card_number: string; mobile: string };

export interface OrderPayloadInput {
  lines: readonly CartLine[];
  user: User | null;
  choices: PaymentChoices;
  options: PaymentOptions;
  benefit: AppliedBenefitRequest | null;
  isBaps: boolean;
}

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The order payload exactly as spec 001 §3 lists it (S1-3.35): the buyer's details from the session (a guest's
 * are all the server has of them), `product` as the JSON of the lines grouped by kind (S1-3.36), and the payment
 * choices that apply. A membership card benefit travels as card_number with the mobile it was checked with; a
 * promo code rides on the lines' discounts.
 */
/** The order payload's values as the portal builds them (a narrower OrderPayload). */
export interface OrderPayloadValues {
  cardId: number | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  gender: string | null;
  mobile: string | null;
  product: string;
  customerId: number | null;
  is_wallet: 0 | 1;
  is_qpoints: 0 | 1;
  save_card: 0 | 1;
  order_notes: string | null;
  is_anonymous: 0 | 1;
  isBaps: 0 | 1;
  card_number: string | null;
}

export function buildOrderPayload({ lines, user, choices, options, benefit, isBaps }: OrderPayloadInput): OrderPayloadValues {
  const byCard = choices.method === 'card';
  const cardId = byCard ? choices.cardId : null;
  const card = benefit && 'card_number' in benefit ? benefit : null;
  return {
    cardId,
    email: text(user?.email),
    first_name: text(user?.first_name),
    last_name: text(user?.last_name),
    gender: text(user?.gender),
    mobile: text(card?.mobile) ?? text(user?.mobile),
    product: JSON.stringify(toOrderProducts(lines)),
    customerId: null,
    is_wallet: choices.wallet && options.wallet ? 1 : 0,
    is_qpoints: choices.qpoints && options.qpoints ? 1 : 0,
    save_card: byCard && cardId === null && choices.saveCard && options.saveCard ? 1 : 0,
    order_notes: text(choices.notes),
    is_anonymous: payerKind(user) === 'guest' ? 1 : 0,
    isBaps: isBaps ? 1 : 0,
    card_number: text(card?.card_number),
  };
}

/** The multipart fields of a payload, in a fixed order, so a resent submission is the same body byte for byte. */
export function orderFormFields(payload: OrderPayloadValues): [string, string][] {
  const { cardId, email, first_name, last_name, gender, mobile, product, customerId, is_wallet, is_qpoints, save_card, order_notes, is_anonymous, isBaps, card_number } = payload;
  return multipartFields({ cardId, email, first_name, last_name, gender, mobile, product, customerId, is_wallet, is_qpoints, save_card, order_notes, is_anonymous, isBaps, card_number });
}

/**
 * Whose submission a kept idempotency key belongs to, so a key left by one account is never resent for another
 * (the venue scopes keys per customer). No secret: the account's e-mail or mobile, or 'visitor'.
 */
export function submissionOwner(user: User | null): string {
  if (!user) return 'visitor';
  return text(user.email) ?? text(user.mobile) ?? text(user.preferred_username) ?? 'account';
}

/** Where a card payment (an order's, a top-up's or an invoice's) is paid: the hosted page. */
export type HostedPage = Pick<OrderResult, 'pg' | 'url' | 'form_fields'>;

/** The hosted page takes a form POST of `form_fields` for FORM_POST_GATEWAY, a plain redirect otherwise (S1-4.24). */
export function isFormPost<R extends HostedPage>(result: R): result is R & { url: string; form_fields: Record<string, string> } {
  return result.pg === FORM_POST_GATEWAY && result.url !== null && !!result.form_fields;
}
