import { orderRefusalText } from '../../../src/domain/checkout/orderRefusals';
import { LOGIN_REQUIRED } from '../../http/auth';
import { FACILITY_MESSAGES } from '../facilities/facilitiesData';

/** What the order, benefit and payment calls answer when they refuse; English as the spec writes it. */
export const ORDER_MESSAGES = {
  capacityReached: FACILITY_MESSAGES.capacityReached,
  capacityExceeded: FACILITY_MESSAGES.capacityExceeded,
  noFacility: FACILITY_MESSAGES.noFacility,
  productNotSold: FACILITY_MESSAGES.productNotSold,
  idempotencyKeyRequired: 'An Idempotency-Key header is required to place an order',
  idempotencyKeyReused: 'This request was already made with different details',
  notMultipart: 'The order must be sent as multipart form data',
  emptyOrder: 'Your cart is empty',
  loginRequired: LOGIN_REQUIRED,
  guestCheckoutOff: 'Guest checkout is not available at this venue',
  guestDetailsRequired: 'Please enter your name, email and mobile number',
  guestLinesOnly: 'Guests can only book facilities and events',
  wrongVenue: 'Invalid venue, please reselect',
  creditLimit: 'You are exceeding allowed credit limit',
  membershipMixed: "Membership can't be purchased with other services.",
  membershipDuplicate: 'Membership already in cart',
  productDuplicate: 'Product already in cart',
  workshopDuplicate: 'Workshop already in cart',
  /** Not in the spec; the checkout shows it in the visitor's language (checkout:refusals), so it is read from there. */
  workshopStarted: orderRefusalText('workshopStarted'),
  addonMax: (max: number) => `Max quantity ${max} reached`,
  participantThreshold: (max: number) => `Maximum of ${max} participants allowed to book per session`,
  dependentTicket: 'Dependent ticket cannot be booked at the same time',
  itemNotFound: 'This item is no longer available',
  notSoldOnline: 'This item cannot be bought online',
  eventTimeInvalid: 'The event does not run at the selected date and time',
  promoInvalid: 'Invalid promo code',
  promoExpired: 'This promo code has expired',
  promoUsedUp: 'This promo code has reached its usage limit',
  promoNotApplicable: 'Promo not valid for selected tickets',
  oneOffer: 'Only one promotion can be applied to an order',
  membershipCardInvalid: 'Membership card not found for this mobile number',
  cardNotFound: 'Saved card not found',
  cardPaymentUnavailable: 'Card payment is not available at this venue',
  orderNotFound: 'Order not found',
} as const;
