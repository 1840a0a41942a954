import { fromPromise, type PromiseActorLogic } from 'xstate';
import {
  type CancelQuote,
  type CancelResult,
  type RescheduleBody,
  type RescheduleQuote,
  type RescheduleResult,
  type RescheduleSlots,
  type RescheduleTarget,
  type DifferencePayment,
} from '../src/domain/contract/bookingActions';
import { type Balances } from '../src/domain/contract/orders';
import { type HostedPage } from '../src/domain/checkout/payload';

/**
 * The calls the cancel and reschedule machines make, as typed placeholders: the app supplies the real ones
 * (src/services/bookingActions.ts) with `.provide({ actors })`; tests supply fakes. Each rejects with a
 * BookingActionFailure.
 */

/** Why a call failed: the HTTP status (0 when no answer came back) and the server's message, fit to show. */
export class BookingActionFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'BookingActionFailure';
  }
}

export interface Failure {
  status: number;
  message: string;
}

/** What a rejection of one of these actors carries; anything else is a failure with no answer. */
export const failureOf = (error: unknown): Failure =>
  error instanceof BookingActionFailure ? { status: error.status, message: error.message } : { status: 0, message: '' };

/** A refusal the server stood by (4xx): sending the same again would get the same answer. */
export const isRefusal = (failure: Failure | null) => failure !== null && failure.status >= 400 && failure.status < 500;

const placeholder = <Output, Input>(name: string) => fromPromise<Output, Input>(() => Promise.reject(new Error(`${name} is provided by the app`)));

export type QuoteCancel = PromiseActorLogic<CancelQuote, { bookingId: number }>;
export type SubmitCancel = PromiseActorLogic<CancelResult, { bookingId: number; key: string; refund: number }>;
export type LoadRescheduleSlots = PromiseActorLogic<RescheduleSlots, { bookingId: number; date: string }>;
export type QuoteReschedule = PromiseActorLogic<RescheduleQuote, { bookingId: number } & RescheduleTarget>;
export type SubmitReschedule = PromiseActorLogic<RescheduleResult, { bookingId: number; key: string } & Omit<RescheduleBody, 'payment'> & { payment?: DifferencePayment }>;
/** The wallet and saved cards a dearer slot's difference can be paid with. */
export type LoadPaymentMethods = PromiseActorLogic<Balances, void>;
/** Leaves for the hosted payment page, as checkout does. */
export type GoToPayment = PromiseActorLogic<void, HostedPage>;

export type CancelActors = { quoteCancel: QuoteCancel; submitCancel: SubmitCancel };
export type RescheduleActors = {
  loadSlots: LoadRescheduleSlots;
  quoteReschedule: QuoteReschedule;
  submitReschedule: SubmitReschedule;
  loadPaymentMethods: LoadPaymentMethods;
  goToPayment: GoToPayment;
};

export const CANCEL_PLACEHOLDERS: CancelActors = {
  quoteCancel: placeholder('quoteCancel'),
  submitCancel: placeholder('submitCancel'),
};

export const RESCHEDULE_PLACEHOLDERS: RescheduleActors = {
  loadSlots: placeholder('loadSlots'),
  quoteReschedule: placeholder('quoteReschedule'),
  submitReschedule: placeholder('submitReschedule'),
  loadPaymentMethods: placeholder('loadPaymentMethods'),
  goToPayment: placeholder('goToPayment'),
};
