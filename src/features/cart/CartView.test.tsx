// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '../../ui/testingLibrary';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor as waitForState } from 'xstate';
import { cartMachine } from '../../../machines/cart';
import { type CartSnapshot } from '../../../machines/cartActors';
import { facilityAddonFixture, facilityLineFixture } from '../../domain/cart/facilityLineFixture';
import { membershipLineFixture } from '../../domain/cart/cartLineFixtures';
import { type CartLine } from '../../domain/cart/lines';
import { type ReleaseHold } from '../../domain/contract/facilities';
import { type BenefitsVerifyBody, type Promotion } from '../../domain/contract/orders';
import { type Lang } from '../../domain/lang';
import { installDialogPolyfill } from '../../ui/testing';
import { toast, Toaster } from '../../ui/toast';
import { renderInRouter } from '../../app/testRouter';
import { CartHost } from './CartHost';
import { CartView, type CartViewProps, type CheckoutPanelProps } from './CartView';

beforeAll(() => {
  installDialogPolyfill();
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  act(() => toast.dismiss());
});

const NOW = Date.parse('2026-11-22T06:00:00.000Z');

const pitch = facilityLineFixture({
  name: 'Full Pitch Rental',
  ar_name: 'تأجير الملعب كاملاً',
  quantity: 2,
  price: 100,
  tax_amount: 5,
  customers: [{ name: 'Layla' } as CartLine['customers'][number]],
  addons: [facilityAddonFixture({ name: 'Water bottle', ar_name: 'قارورة ماء', quantity: 3, price: 4, tax_amount: 0.2 })],
  hold_expires_at: new Date(NOW + 9 * 60_000 + 30_000).toISOString(),
});

const welcome: Promotion = {
  code: 'WELCOME10',
  type: 'promo',
  codes: ['WELCOME10'],
  discount: 21,
  total: 201.6,
  products: [{ cartIndex: 0, addon_index: null, discount: { actual_price: 100, actual_tax: 5, actual_total: 210, price: 90, tax: 4.5, total: 189, promo_code: 'WELCOME10' } }],
};

interface SetUp {
  lines?: CartLine[];
  verify?: (body: BenefitsVerifyBody) => Promise<Promotion>;
  lang?: Lang;
  now?: () => number;
  pendingOrder?: boolean;
  checkout?: CartViewProps['checkout'];
  customerDetails?: CartViewProps['customerDetails'];
}

async function setUp({ lines = [pitch], verify = async () => welcome, lang = 'en', now = () => NOW, pendingOrder = false, checkout, customerDetails }: SetUp = {}) {
  const released: ReleaseHold[] = [];
  const saved: CartSnapshot[] = [];
  const verified: BenefitsVerifyBody[] = [];
  let tick = () => {};
  const viewCart: string[] = [];
  const cart = createActor(
    cartMachine.provide({
      actors: {
        loadCart: fromPromise<CartSnapshot, void>(async () => ({ lines, benefit: null })),
        saveCart: fromPromise<void, CartSnapshot>(async ({ input }) => {
          saved.push(input);
        }),
        releaseHold: fromPromise<void, ReleaseHold>(async ({ input }) => {
          released.push(input);
        }),
        verifyBenefits: fromPromise<Promotion, BenefitsVerifyBody>(({ input }) => {
          verified.push(input);
          return verify(input);
        }),
        holdClock: fromCallback(({ sendBack }) => {
          tick = () => sendBack({ type: 'holds.tick' });
        }),
      },
    }),
    { input: { holdsLines: true, customerThreshold: null, sessionId: 'session-1', anonymousUser: false, now, pendingOrder } },
  ).start();
  await waitForState(cart, (state) => state.matches('ready'));
  await renderInRouter(
    <>
      <CartView cart={cart} lang={lang} currency="AED" checkout={checkout} customerDetails={customerDetails} />
      <CartHost cart={cart} onViewCart={() => viewCart.push('/cart')} />
      <Toaster />
    </>,
    { lang, path: '/cart' },
  );
  return { cart, released, saved, verified, viewCart, tick: () => act(() => tick()) };
}

const toaster = () => document.querySelector('.toaster') as HTMLElement;
const lineItem = (name: string) => screen.getByRole('listitem', { name });

describe('CartView', () => {
  it('[S1-9.18] [S1-9.19] [S1-9.20] [S1-9.22] shows each line with its add-ons, date, time, visitors and the totals', async () => {
    await setUp();
    const line = lineItem('Full Pitch Rental');
    expect(within(line).getByText('Sun, 22 Nov 2026')).toBeTruthy();
    expect(within(line).getByText('10:00 AM – 11:00 AM')).toBeTruthy();
    expect(within(line).getByText('Pitch 1')).toBeTruthy();
    expect(within(line).getByText('1 visitor')).toBeTruthy();
    // (100 + 5) × 2 for the line, (4 + 0.2) × 3 for its add-on.
    expect(within(line).getByText('AED 210')).toBeTruthy();
    const addons = within(line).getByRole('region', { name: 'Add-ons: Full Pitch Rental' });
    expect(within(addons).getByText('Water bottle')).toBeTruthy();
    expect(within(addons).getByText('AED 12.6')).toBeTruthy();

    const totals = screen.getByRole('complementary', { name: 'Order summary' });
    const row = (label: string) => within(totals).getByText(label).parentElement?.querySelector('dd')?.textContent;
    expect(row('Subtotal')).toBe('AED 222.6');
    // VAT: 5 × 2 + 0.2 × 3.
    expect(row('VAT')).toBe('AED 10.6');
    expect(row('Total')).toBe('AED 222.6');
    expect(within(totals).queryByText('Discount')).toBeNull();
  });

  it('[S1-2.44] a booking without a customer offers its customer details; what is given is kept on the line', async () => {
    const rental = facilityLineFixture({ name: 'Cage Rental', group: 'cage', customers: [] });
    const floodlights = facilityLineFixture({ name: 'Floodlights', product_id: 5, group: 'cage', customers: [] });
    const visitor = { name: 'Layla Hassan', email: 'layla.hassan@example.com', mobile_number: '+971501234567', country_code: '971', documents: [], additional_fields: [], save_detail_for_future: false };
    const { cart } = await setUp({
      lines: [rental, floodlights, pitch],
      customerDetails: ({ line, onSubmit }) => (
        <button type="button" onClick={() => onSubmit([visitor])}>
          Form for {line.facility_name}
        </button>
      ),
    });
    // One booking (one group) asks once; a booking with its visitors asks nothing.
    expect(screen.getAllByRole('button', { name: /^Customer details/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Customer details: Cage Rental' }));
    fireEvent.click(screen.getByRole('button', { name: 'Form for Pitch 1' }));
    await waitFor(() => expect(cart.getSnapshot().context.lines[0]?.customers).toEqual([visitor]));
    expect(screen.queryAllByRole('button', { name: /^Customer details/ })).toHaveLength(0);
  });

  it('[S1-4.18] changes quantities with labelled steppers, and a removed line gives its hold back', async () => {
    const { cart, released } = await setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Full Pitch Rental' }));
    expect(cart.getSnapshot().context.lines[0]?.quantity).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Water bottle' }));
    expect(cart.getSnapshot().context.lines[0]?.addons[0]?.quantity).toBe(2);
    expect(within(lineItem('Full Pitch Rental')).getByText('AED 315')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Water bottle' }));
    expect(screen.queryByText('Water bottle')).toBeNull();
    expect(released).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Full Pitch Rental' }));
    expect(released).toEqual([{ product_id: 1, date: '2026-11-22', start_time: '10:00:00', end_time: '11:00:00', facility_id: 1 }]);
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue browsing' }).getAttribute('href')).toBe('/');
  });

  it('[S1-4.20] [S1-8.19] Clear Cart empties the cart with "Cart Cleared Successfully"', async () => {
    const { released } = await setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await waitFor(() => expect(within(toaster()).getByText('Cart Cleared Successfully')).toBeTruthy());
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    expect(released).toHaveLength(1);
  });

  it('counts a held line down and drops it with a clear message when the hold lapses', async () => {
    let clock = NOW;
    const { tick } = await setUp({ now: () => clock });
    expect(within(lineItem('Full Pitch Rental')).getByRole('timer').textContent).toMatch(/Reserved for 9:3\d/);
    clock = NOW + 10 * 60_000;
    tick();
    await waitFor(() => expect(within(toaster()).getByText('Full Pitch Rental was removed from your cart because its reservation expired.')).toBeTruthy());
    expect(screen.queryByRole('listitem', { name: 'Full Pitch Rental' })).toBeNull();
  });

  it('applies a promo code: per-line discount, the discount row and the lower total; then removes it', async () => {
    const { verified } = await setUp();
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: ' WELCOME10 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByText('Promo code WELCOME10 applied')).toBeTruthy());
    expect(verified[0]).toMatchObject({ promotion_code: 'WELCOME10' });
    await waitFor(() => expect(within(toaster()).getByText('Promo code applied')).toBeTruthy());
    const line = lineItem('Full Pitch Rental');
    expect(within(line).getByText('AED 189')).toBeTruthy();
    expect(within(line).getByText('Discount WELCOME10')).toBeTruthy();
    const totals = screen.getByRole('complementary', { name: 'Order summary' });
    const row = (label: string) => within(totals).getByText(label).parentElement?.querySelector('dd')?.textContent;
    expect(row('Discount')).toBe('− AED 21');
    expect(row('Total')).toBe('AED 201.6');

    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(within(toaster()).getByText('Promo code removed')).toBeTruthy());
    expect(row('Total')).toBe('AED 222.6');
  });

  it("says 'Promo not valid for selected tickets' when the server refuses the code", async () => {
    await setUp({ verify: async () => Promise.reject(new Error('Promo not valid for selected tickets')) });
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'SPLASH20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(toaster()).getByText('Promo not valid for selected tickets')).toBeTruthy());
    expect(screen.queryByText(/applied/)).toBeNull();
  });

  it("says in Arabic that this customer already used the promo code (the server answers in English)", async () => {
    await setUp({ lang: 'ar', verify: async () => Promise.reject(new Error('You have already used this promo code.')) });
    fireEvent.change(screen.getByRole('textbox', { name: 'رمز الخصم' }), { target: { value: 'WELCOME10' } });
    fireEvent.click(screen.getByRole('button', { name: 'تطبيق' }));
    await waitFor(() => expect(within(toaster()).getByText('لقد استخدمت رمز الخصم هذا من قبل.')).toBeTruthy());
  });

  it('asks for the card number and mobile before applying membership benefits', async () => {
    const { verified } = await setUp({ verify: async () => ({ ...welcome, type: 'memberships', code: 'MSP-100245', codes: ['MSP-100245'] }) });
    const benefits = screen.getByRole('form', { name: 'Membership benefits' });
    fireEvent.click(within(benefits).getByRole('button', { name: 'Apply benefits' }));
    expect(within(benefits).getByText('Enter the membership card number.')).toBeTruthy();
    expect(within(benefits).getByText('Enter the mobile number of the card holder.')).toBeTruthy();
    expect(verified).toEqual([]);
    fireEvent.change(within(benefits).getByLabelText('Membership card number'), { target: { value: 'MSP-100245' } });
    fireEvent.change(within(benefits).getByLabelText('Mobile number'), { target: { value: '501234567' } });
    fireEvent.click(within(benefits).getByRole('button', { name: 'Apply benefits' }));
    await waitFor(() => expect(screen.getByText('Membership card MSP-100245 applied')).toBeTruthy());
    expect(verified[0]).toMatchObject({ card_number: 'MSP-100245', mobile: '501234567' });
  });

  it('[S1-2.46] [S1-4.19] [S1-4.21] shows the cart warning on an add while an order is open; View Cart goes to the cart', async () => {
    const { cart, viewCart } = await setUp({ pendingOrder: true });
    act(() => cart.send({ type: 'cart.add', line: facilityLineFixture({ product_id: 2, group: 'other' }) }));
    const warning = await screen.findByRole('dialog', { name: 'Cart warning' });
    expect(within(warning).getByText("Can't process multiple orders! Clear your cart to proceed or finish your previous order.")).toBeTruthy();
    fireEvent.click(within(warning).getByRole('button', { name: 'View Cart' }));
    expect(viewCart).toEqual(['/cart']);
    expect(cart.getSnapshot().context.warning).toBe(false);
  });

  it('[S1-4.20] the cart warning Clear Cart empties the cart', async () => {
    const { cart } = await setUp({ pendingOrder: true });
    act(() => cart.send({ type: 'cart.add', line: facilityLineFixture({ product_id: 2, group: 'other' }) }));
    const warning = await screen.findByRole('dialog', { name: 'Cart warning' });
    fireEvent.click(within(warning).getByRole('button', { name: 'Clear Cart' }));
    await waitFor(() => expect(within(toaster()).getByText('Cart Cleared Successfully')).toBeTruthy());
    expect(cart.getSnapshot().context.lines).toEqual([]);
  });

  it('[S0-5.30] asks whether a duplicate membership should renew the one in the cart', async () => {
    const { cart } = await setUp({ lines: [membershipLineFixture({ name: 'Gold membership' })] });
    act(() => cart.send({ type: 'cart.add', line: membershipLineFixture({ name: 'Gold membership', group: 'again' }) }));
    const offer = await screen.findByRole('alertdialog', { name: 'Renew membership?' });
    expect(within(offer).getByText('Membership already in cart. Do you want to renew it instead?')).toBeTruthy();
    fireEvent.click(within(offer).getByRole('button', { name: 'Renew' }));
    expect(cart.getSnapshot().context.lines[0]).toMatchObject({ type: 'membership', is_renewal: 1 });
  });

  it('shows the cart in Arabic: Arabic names, the countdown and totals in Western digits', async () => {
    await setUp({ lang: 'ar' });
    const line = lineItem('تأجير الملعب كاملاً');
    expect(within(line).getByText('قارورة ماء')).toBeTruthy();
    expect(within(line).getByRole('timer').textContent).toMatch(/محجوز لمدة 9:3\d/);
    expect(within(line).getByText('زائر واحد')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'زيادة كمية تأجير الملعب كاملاً' })).toBeTruthy();
    const totals = screen.getByRole('complementary', { name: 'ملخص الطلب' });
    expect(within(totals).getByText('الإجمالي').parentElement?.querySelector('dd')?.textContent).toBe('AED 222.6');
    fireEvent.click(screen.getByRole('button', { name: 'إفراغ السلة' }));
    await waitFor(() => expect(within(toaster()).getByText('تم إفراغ السلة بنجاح')).toBeTruthy());
  });

  it('hands the checkout panel the lines, totals and applied code; an order resets the cart', async () => {
    const seen: CheckoutPanelProps[] = [];
    const { cart, released } = await setUp({
      checkout: (props) => {
        seen.push(props);
        return (
          <button type="button" onClick={props.onOrdered}>
            Pay
          </button>
        );
      },
    });
    expect(seen.at(-1)).toMatchObject({ lines: cart.getSnapshot().context.lines, totals: { subtotal: 222.6, vat: 10.6, discount: 0, total: 222.6 }, benefit: null });
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'WELCOME10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(seen.at(-1)?.benefit).toEqual({ promotion_code: 'WELCOME10', mobile: null }));
    expect(seen.at(-1)?.totals.total).toBe(201.6);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(cart.getSnapshot().context.lines).toEqual([]);
    expect(released).toHaveLength(1);
  });
});
