import { benefitsVerifyCall, benefitsVerifyResponse, type BenefitsVerifyBody } from '../domain/contract/orders';
import { type ApiClient } from './client';

/** POST benefits/verify: a promo code or membership card against the cart's products; the server computes each discount. */
export function verifyBenefits(api: ApiClient, body: BenefitsVerifyBody) {
  return api.call(benefitsVerifyCall.path(), { method: benefitsVerifyCall.method, body, schema: benefitsVerifyResponse });
}
