import { type BenefitProduct, type OrderAddon, type OrderProducts, type Promotion } from '../contract/orders';
import { lineDate, lineItemId, type CartAddonLine, type CartLine, type CommonCartLine } from './lines';

/** The fields every order line carries (spec 001 §3); prices are what the visitor saw, never trusted by the server. */
function commonFields(line: CommonCartLine) {
  return {
    venue_id: line.venue_id,
    product_id: line.product_id,
    product_type_id: line.product_type_id,
    quantity: line.quantity,
    price: line.price,
    tax_amount: line.tax_amount,
    total_price: line.total_price,
    customers: line.customers,
    addons: line.addons.map(orderAddon),
    discount: line.discount ?? null,
  };
}

function orderAddon(addon: CartAddonLine): OrderAddon {
  return { product_id: addon.product_id, quantity: addon.quantity, price: addon.price, tax_amount: addon.tax_amount, discount: addon.discount ?? null };
}

/** The order's `product` field: the cart's lines grouped by kind, each with its kind's own fields (spec 001 §3). */
export function toOrderProducts(lines: readonly CartLine[]): OrderProducts {
  const products: OrderProducts = { capacity_facility: [], event: [], membership: [], workshop: [], training: [], offers: [], pos: [] };
  for (const line of lines) {
    const common = commonFields(line);
    switch (line.type) {
      case 'facility':
        products.capacity_facility.push({
          ...common,
          date: line.date,
          start_time: line.start_time,
          end_time: line.end_time,
          facility_id: line.facility_id,
          venue_service_id: line.venue_service_id,
          is_full_day: line.is_full_day,
          is_open_dated: line.is_open_dated,
          save_detail_for_future: line.save_detail_for_future,
          seasonal_pricing_id: line.seasonal_pricing_id,
          group: line.group,
          participant_count: line.participant_count,
        });
        break;
      case 'event':
        products.event.push({ ...common, event_id: line.event_id, date: line.date, start_time: line.start_time, end_time: line.end_time });
        break;
      case 'trainer':
        products.training.push({ ...common, trainer_id: line.trainer_id, date: line.date, start_time: line.start_time, end_time: line.end_time });
        break;
      case 'membership':
        products.membership.push({ ...common, membership_id: line.membership_id, package_id: line.package_id, start_date: line.start_date, is_renewal: line.is_renewal });
        break;
      case 'academy':
        products.workshop.push({
          ...common,
          workshop_id: line.workshop_id,
          workshop_program_id: line.workshop_program_id,
          start_date: line.start_date,
          days: line.days,
        });
        break;
      case 'offer':
        products.offers.push({ ...common, offer_id: line.offer_id });
        break;
      case 'pos':
        products.pos.push({ ...common, outlet_id: line.outlet_id });
        break;
    }
  }
  return products;
}

/**
 * What POST benefits/verify prices: every line and every add-on, each with its place in the cart (cartIndex, and
 * addon_index for an add-on) so the server's per-product discounts can be put back where they belong.
 */
export function benefitProducts(lines: readonly CartLine[]): BenefitProduct[] {
  return lines.flatMap((line, cartIndex) => {
    const shared = { venue_id: line.venue_id, date: lineDate(line), item_id: lineItemId(line), cartIndex };
    const base: BenefitProduct = {
      ...shared,
      quantity: line.quantity,
      price: line.price,
      tax: line.tax_amount,
      product_id: line.product_id,
      product_type_id: line.product_type_id,
      addon_index: null,
      is_addon: 0,
    };
    const addons = line.addons.map(
      (addon, addonIndex): BenefitProduct => ({
        ...shared,
        quantity: addon.quantity,
        price: addon.price,
        tax: addon.tax_amount,
        product_id: addon.product_id,
        product_type_id: addon.product_type_id,
        addon_index: addonIndex,
        is_addon: 1,
      }),
    );
    return [base, ...addons];
  });
}

/** Clears every line's and add-on's discount. */
export function removePromotion(lines: readonly CartLine[]): CartLine[] {
  return lines.map((line) => ({ ...line, discount: null, addons: line.addons.map((addon) => ({ ...addon, discount: null })) }));
}

/** Puts the server's per-product discounts on the lines and add-ons they name; the rest carry none. */
export function applyPromotion(lines: readonly CartLine[], promotion: Promotion): CartLine[] {
  const discountFor = (cartIndex: number, addonIndex: number | null) =>
    promotion.products.find((product) => product.cartIndex === cartIndex && (product.addon_index ?? null) === addonIndex)?.discount ?? null;
  return lines.map((line, cartIndex) => ({
    ...line,
    discount: discountFor(cartIndex, null),
    addons: line.addons.map((addon, addonIndex) => ({ ...addon, discount: discountFor(cartIndex, addonIndex) })),
  }));
}

/** Whether the server's answer discounts anything in this cart: a code that discounts nothing is not valid for it. */
export function promotionApplies(lines: readonly CartLine[], promotion: Promotion): boolean {
  return promotion.products.some((product) => {
    const line = lines[product.cartIndex];
    if (!line) return false;
    return product.addon_index === null || product.addon_index === undefined ? true : product.addon_index < line.addons.length;
  });
}
