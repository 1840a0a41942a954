import type { ApiClient } from './client';
import { type BookingRange } from '../domain/contract/routeParams';
import {
  cardChangeResponse,
  defaultCardCall,
  deleteCardCall,
  hostedPaymentResponse,
  partnerCall,
  partnerResponse,
  payInvoiceCall,
  qpointsCall,
  qpointsResponse,
  savedCardsCall,
  savedCardsResponse,
  topUpCall,
  walletCall,
  walletResponse,
} from '../domain/contract/wallet';

/** The customer's money: bearer calls, answered only to their owner and never kept on the device. */

export const getSavedCards = (api: ApiClient) => api.call(savedCardsCall.path(), { method: savedCardsCall.method, schema: savedCardsResponse });

export const setDefaultCard = (api: ApiClient, id: number) => api.call(defaultCardCall.path({ id }), { method: defaultCardCall.method, schema: cardChangeResponse });

export const deleteCard = (api: ApiClient, id: number) => api.call(deleteCardCall.path({ id }), { method: deleteCardCall.method, schema: cardChangeResponse });

export const getWallet = (api: ApiClient, page: number, range: BookingRange) =>
  api.call(walletCall.path(), { method: walletCall.method, query: { page, range }, schema: walletResponse });

export const getQpoints = (api: ApiClient, page: number, range: BookingRange) =>
  api.call(qpointsCall.path(), { method: qpointsCall.method, query: { page, range }, schema: qpointsResponse });

export const getPartner = (api: ApiClient, page: number) => api.call(partnerCall.path(), { method: partnerCall.method, query: { page }, schema: partnerResponse });

export const topUpWallet = (api: ApiClient, amount: number, cardId: number | null) =>
  api.call(topUpCall.path(), { method: topUpCall.method, body: { amount, card_id: cardId }, schema: hostedPaymentResponse });

export const payInvoice = (api: ApiClient, id: number, cardId: number | null) =>
  api.call(payInvoiceCall.path({ id }), { method: payInvoiceCall.method, body: { card_id: cardId }, schema: hostedPaymentResponse });
