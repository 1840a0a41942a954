// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { type CancelActors, type RescheduleActors } from '../../../machines/bookingActionActors';
import { type CancelQuote, type CancelResult, type RescheduleResult } from '../../domain/contract/bookingActions';
import { type Balances } from '../../domain/contract/orders';
import { cheaperRescheduleQuote, cheaperRescheduleResult, daySlots, freeCancelQuote, listItem, walletCancelResult } from '../../domain/bookingActions/testFixtures';
import { installDialogPolyfill, renderWithI18n } from '../../ui/testing';
import { cleanup, fireEvent, screen, waitFor } from '../../ui/testingLibrary';
import { BookingActionsView } from './BookingActions';

beforeAll(installDialogPolyfill);
afterEach(cleanup);

const booking = listItem;
const cancelQuote = freeCancelQuote();
const slots = daySlots('2026-12-10');
const rescheduleQuote = cheaperRescheduleQuote({ next: { date: '2026-12-10', start_time: '12:00:00', end_time: '13:00:00' } });

function fakeActors({ quote = cancelQuote }: { quote?: CancelQuote } = {}) {
  const submitted: unknown[] = [];
  const actors: CancelActors & RescheduleActors = {
    quoteCancel: fromPromise(async () => quote),
    submitCancel: fromPromise(async ({ input }): Promise<CancelResult> => {
      submitted.push(input);
      return walletCancelResult;
    }),
    loadSlots: fromPromise(async () => slots),
    quoteReschedule: fromPromise(async () => rescheduleQuote),
    loadPaymentMethods: fromPromise(async (): Promise<Balances> => ({ wallet: 10, qpoints: 0, credit_limit: null, credit_used: null, saved_cards: [] })),
    goToPayment: fromPromise(async (): Promise<void> => {}),
    submitReschedule: fromPromise(async ({ input }): Promise<RescheduleResult> => {
      submitted.push(input);
      return { ...cheaperRescheduleResult, slot: rescheduleQuote.next };
    }),
  };
  return { actors, submitted };
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const descriptionOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

function show(item: ReturnType<typeof listItem>, fakes = fakeActors(), lang: 'en' | 'ar' = 'en') {
  const onChanged = vi.fn();
  renderWithI18n(<BookingActionsView booking={item} actors={fakes.actors} timeZone="Asia/Dubai" newKey={() => 'key-1'} onChanged={onChanged} />, lang);
  return { onChanged, submitted: fakes.submitted };
}

describe('BookingActionsView', () => {
  it('an upcoming facility booking offers Reschedule and Cancel; an event ticket only Cancel; a membership nothing', () => {
    show(booking());
    expect(isDisabled(screen.getByRole('button', { name: 'Reschedule' }))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Cancel' }))).toBe(false);
    cleanup();
    show(booking({ kind: 'event' }));
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(isDisabled(screen.getByRole('button', { name: 'Cancel' }))).toBe(false);
    cleanup();
    show(booking({ kind: 'membership' }));
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it.each([
    [{ awaiting_approval: true, status: 'pending' as const }, "Awaiting the venue's approval: it can't be changed yet."],
    [{ status: 'rejected' as const }, 'The venue rejected this booking.'],
    [{ status: 'completed' as const }, 'This booking has been used.'],
    [{ is_past: true }, 'This booking is in the past.'],
    [{ status: 'cancelled' as const }, 'This booking is cancelled.'],
  ])('the buttons are off and say why: %o', (fields, reason) => {
    show(booking(fields));
    for (const name of ['Reschedule', 'Cancel']) {
      const button = screen.getByRole('button', { name });
      expect(isDisabled(button)).toBe(true);
      expect(descriptionOf(button)).toBe(reason);
    }
  });

  it('Cancel shows exactly what comes back and how before confirming, then the new wallet balance, and reloads the screen', async () => {
    const { onChanged, submitted } = show(booking());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking' });
    expect(await screen.findByText('Free cancellation until Wed, 09 Dec 2026 10:00 AM.')).toBeTruthy();
    expect(screen.getByText('AED 105 back to your wallet at once.')).toBeTruthy();
    expect(screen.getByText('You can cancel until Thu, 10 Dec 2026 08:00 AM.')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Your booking is cancelled.')).toBeTruthy();
    expect(screen.getByText('AED 105 is back in your wallet. Wallet balance: AED 255.')).toBeTruthy();
    expect(submitted).toEqual([{ bookingId: 7, key: 'key-1', refund: 105 }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('a card refund says it is requested and reaches the card within 7 business days; a fee is shown', async () => {
    show(booking(), fakeActors({ quote: { ...cancelQuote, outcome: 'fee', fee: 52.5, refund: 52.5, to_wallet: 0, to_card: 52.5 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('AED 52.5 back to your card: refund requested, it reaches your card within 7 business days.')).toBeTruthy();
    expect(screen.getByText('Free cancellation ended Wed, 09 Dec 2026 10:00 AM: a cancellation fee applies.')).toBeTruthy();
    expect(screen.getByText('Cancellation fee')).toBeTruthy();
  });

  it('outside the policy the cancel is refused with until when it was possible', async () => {
    const { submitted } = show(booking(), fakeActors({ quote: { ...cancelQuote, outcome: 'refused', refund: 0, to_wallet: 0 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('This booking can no longer be cancelled')).toBeTruthy();
    expect(screen.getByText('Cancelling was possible until Thu, 10 Dec 2026 08:00 AM.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(submitted).toEqual([]);
  });

  it('Reschedule picks a free slot of a day, shows the difference, moves the booking and reloads the screen', async () => {
    const { onChanged, submitted } = show(booking());
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    await screen.findByRole('dialog', { name: 'Reschedule booking' });
    expect((screen.getByLabelText('New date') as HTMLInputElement).value).toBe('2026-12-10');
    fireEvent.click(await screen.findByRole('button', { name: '12:00 PM – 01:00 PM' }));
    expect(await screen.findByText('The new time costs AED 21 less: it goes back to your wallet at once.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move booking' }));
    expect(await screen.findByText('Your booking is moved to Thu, 10 Dec 2026 \u206612:00 PM – 01:00 PM\u2069.')).toBeTruthy();
    expect(submitted).toEqual([{ bookingId: 7, key: 'key-1', date: '2026-12-10', start_time: '12:00:00', difference: -21 }]);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  });

  it('speaks Arabic', () => {
    show(booking({ is_past: true }), fakeActors(), 'ar');
    expect(descriptionOf(screen.getByRole('button', { name: 'إعادة جدولة' }))).toBe('هذا الحجز في الماضي.');
    expect(screen.getByRole('group', { name: 'تعديل بالغ' })).toBeTruthy();
  });
});
