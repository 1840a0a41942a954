import * as z from 'zod/mini';
import { calendarDate, queryId } from './primitives';
import { envelope } from './envelope';
import { paginated } from './pagination';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';


/** A package (offer) of the venue (GET offers). Prices per unit in the venue currency. */
export const offer = onFirstUse(() => z.object({
  id: z.int(),
  name: z.string(),
  ar_name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  ar_description: z.nullish(z.string()),
  /** Before VAT; the order charges price + tax_amount. */
  price: z.number(),
  tax_amount: z.number(),
  /** 'YYYY-MM-DD', both days included. */
  valid_from: calendarDate,
  valid_to: calendarDate,
}));
export type Offer = z.infer<typeof offer>;

/** A point of sale (café, shop) of the venue (GET outlets). */
export const outlet = onFirstUse(() => z.object({
  id: z.int(),
  name: z.string(),
  ar_name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  ar_description: z.nullish(z.string()),
}));
export type Outlet = z.infer<typeof outlet>;

/** What an outlet sells; price before VAT. */
export const outletProduct = onFirstUse(() => z.object({
  id: z.int(),
  outlet_id: z.int(),
  name: z.string(),
  ar_name: z.nullish(z.string()),
  price: z.number(),
  tax_amount: z.number(),
}));
export type OutletProduct = z.infer<typeof outletProduct>;

export const outletWithProducts = onFirstUse(() => z.object({ ...outlet.shape, products: z.array(outletProduct) }));
export type OutletWithProducts = z.infer<typeof outletWithProducts>;

export const outletIdParams = onFirstUse(() => z.object({ id: queryId }));

export const offerListCall = endpoint('GET', 'offers');
/** GET offers: the packages on sale today, cheapest first. */
export const offerListResponse = onFirstUse(() => envelope(paginated(offer)));
export const outletListCall = endpoint('GET', 'outlets');
/** GET outlets: the venue's outlets, in the order they were opened. */
export const outletListResponse = onFirstUse(() => envelope(paginated(outlet)));
export const outletCall = endpoint('GET', 'outlets/:id');
/** GET outlets/{id}: one outlet and its products, cheapest first. */
export const outletResponse = onFirstUse(() => envelope(outletWithProducts));
