// @vitest-environment jsdom
import { cleanup, screen } from '../../ui/testingLibrary';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderInRouter } from '../../app/testRouter';
import { CartLink } from './CartLink';

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

const badge = (link: HTMLElement) => link.querySelector('.shell-cart__badge');

describe('CartLink', () => {
  it.each([
    [0, 'Cart, empty', null],
    [1, 'Cart, 1 item', '1'],
    [3, 'Cart, 3 items', '3'],
    [10, 'Cart, 10 items', '10'],
    [25, 'Cart, 25 items', '10'],
  ])('[S0-2.66] [S0-2.67] [S0-2.68] %i in the cart: named "%s", badge %s', async (count, name, text) => {
    await renderInRouter(<CartLink count={count} />);
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('href')).toBe('/cart');
    expect(badge(link)?.textContent ?? null).toBe(text);
    expect(badge(link)?.getAttribute('aria-hidden') ?? 'true').toBe('true');
  });

  it.each([
    [0, 'السلة، فارغة'],
    [1, 'السلة، عنصر واحد'],
    [2, 'السلة، عنصران'],
    [5, 'السلة، 5 عناصر'],
    [11, 'السلة، 11 عنصرًا'],
    [100, 'السلة، 100 عنصر'],
  ])('names the cart in Arabic plural forms: %i', async (count, name) => {
    await renderInRouter(<CartLink count={count} />, { lang: 'ar' });
    expect(screen.getByRole('link', { name })).toBeTruthy();
  });
});
