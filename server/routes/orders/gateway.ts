import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FORM_POST_GATEWAY } from '../../../src/domain/contract/orders';
import { type Database } from '../../db/client';
import { type paymentGateways, venuePaymentSettings } from '../../db/schema/orders';

export type GatewayKind = (typeof paymentGateways)[number];

/** Where the development gateway's hosted page lives (the browser goes there, or posts the form there). */
export const DEV_GATEWAY_PATH = '/api/v1/dev-gateway';

export const newTransactionId = () => `txn_${randomBytes(16).toString('hex')}`;

/** A venue with no payment settings takes cards through the redirect page. */
export const DEFAULT_GATEWAY: GatewayKind = 'redirect';

/** The venue's gateway type: the redirect page unless it is set up for a form post. */
export async function venueGateway(db: Database, venueId: number): Promise<GatewayKind> {
  const [settings] = await db.select().from(venuePaymentSettings).where(eq(venuePaymentSettings.venueId, venueId)).limit(1);
  return settings?.gateway ?? DEFAULT_GATEWAY;
}

export interface HostedPayment {
  pg: GatewayKind;
  url: string;
  form_fields: Record<string, string> | null;
}

/** How the browser reaches the hosted page: a plain address, or a form post with the payment's fields. */
export function hostedPayment(gateway: GatewayKind, payment: { transactionId: string; amount: number; currency: string; reference: string }): HostedPayment {
  const url = `${DEV_GATEWAY_PATH}/${payment.transactionId}`;
  if (gateway !== FORM_POST_GATEWAY) return { pg: gateway, url, form_fields: null };
  return {
    pg: gateway,
    url,
    form_fields: {
      transaction_id: payment.transactionId,
      amount: payment.amount.toFixed(2),
      currency: payment.currency,
      order_reference: payment.reference,
    },
  };
}
