// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '../../ui/testingLibrary';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SearchResult } from '../../domain/contract/search';
import { type Lang } from '../../domain/lang';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_WAIT_MS } from '../../domain/search';
import { installDialogPolyfill, renderWithI18n } from '../../ui/testing';
import { GlobalSearch, type SearchFn } from './GlobalSearch';

beforeAll(installDialogPolyfill);
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const RESULTS: SearchResult[] = [
  {
    type: 'academy',
    id: 7,
    name: 'Swim Academy',
    ar_name: 'أكاديمية السباحة',
    description: 'Lessons for all ages',
    ar_description: 'دروس لجميع الأعمار',
    image_path: 'academy.webp',
  },
  { type: 'event', id: 12, name: 'Summer Cup', description: 'Padel tournament', image_path: 'cup.webp' },
  { type: 'trainer', id: 3, name: 'Coach Sara', description: null, image_path: null },
];

function setup({ search, lang = 'en' }: { search?: SearchFn; lang?: Lang } = {}) {
  const searchFn = vi.fn<SearchFn>(search ?? (async () => RESULTS));
  const onNavigate = vi.fn();
  renderWithI18n(
    <GlobalSearch search={searchFn} onNavigate={onNavigate} lang={lang} imageUrl={(path) => `/media/${path}`} />,
    lang,
  );
  const box = screen.getAllByRole('combobox')[0]!;
  return { search: searchFn, onNavigate, box };
}

const type = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('GlobalSearch', () => {
  it('is a labelled combobox controlling a listbox, collapsed at first', () => {
    const { box } = setup();
    expect(box.getAttribute('type')).toBe('search');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    const listbox = document.getElementById(box.getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');
  });

  it('[S0-5.43] [S0-9.17] debounces typing: one search 300 ms after the last keystroke', async () => {
    const { box, search } = setup();
    type(box, 'sw');
    await wait(200);
    type(box, 'swi');
    await wait(200);
    type(box, 'swim');
    await wait(SEARCH_DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    await wait(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('swim');
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });

  it('[S0-9.18] searches at least every 3000 ms while the visitor keeps typing', async () => {
    const { box, search } = setup();
    let text = 's';
    for (let elapsed = 0; elapsed < SEARCH_MAX_WAIT_MS; elapsed += 200) {
      text += 'w';
      type(box, text);
      await wait(200);
    }
    expect(search).toHaveBeenCalledTimes(1);
    expect(SEARCH_MAX_WAIT_MS).toBe(3000);
  });

  it('does not search for a single character', async () => {
    const { box, search } = setup();
    type(box, 's');
    await wait(1000);
    expect(search).not.toHaveBeenCalled();
  });

  it('[S0-2.97] shows suggestions with image, name and description, grouped by type', async () => {
    const { box } = setup();
    type(box, 'sw');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox');
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Events',
      'Trainers',
      'Academies',
    ]);
    const academy = within(listbox).getByRole('option', { name: /Swim Academy/ });
    expect(academy.textContent).toContain('Lessons for all ages');
    const image = academy.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/media/academy.webp');
    expect(image?.getAttribute('width')).toBe('56');
    expect(image?.getAttribute('height')).toBe('56');
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('3 results');
  });

  it('[S0-2.97] shows the Arabic name and description in Arabic', async () => {
    const { box } = setup({ lang: 'ar' });
    expect(box.getAttribute('placeholder')).toBe('ابحث عن الفعاليات والمدربين والأكاديميات');
    type(box, 'سب');
    await wait(SEARCH_DEBOUNCE_MS);
    const option = screen.getByRole('option', { name: /أكاديمية السباحة/ });
    expect(option.textContent).toContain('دروس لجميع الأعمار');
    expect(option.querySelector('bdi')).not.toBeNull();
    // Without an Arabic name the base name is shown.
    expect(screen.getByRole('option', { name: /Summer Cup/ })).toBeTruthy();
    expect(screen.getByText('الأكاديميات')).toBeTruthy();
  });

  it.each([
    ['[S0-2.98] event', /Summer Cup/, { to: '/events/$id', params: { id: '12' } }],
    ['[S0-2.99] trainer', /Coach Sara/, { to: '/training/$id', params: { id: '3' } }],
    ['[S0-2.100] academy', /Swim Academy/, { to: '/academy/$id', params: { id: '7' } }],
  ])('%s: choosing a result navigates to its details page', async (_title, name, target) => {
    const { box, onNavigate } = setup();
    type(box, 'sw');
    await wait(SEARCH_DEBOUNCE_MS);
    fireEvent.click(screen.getByRole('option', { name }));
    expect(onNavigate).toHaveBeenCalledWith(target);
  });

  it('[S0-2.101] clears the text and the list after a result is chosen by keyboard', async () => {
    const { box, onNavigate } = setup();
    type(box, 'sw');
    await wait(SEARCH_DEBOUNCE_MS);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const first = screen.getAllByRole('option')[0]!;
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    // Wraps round to the last option.
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onNavigate).toHaveBeenCalledWith({ to: '/academy/$id', params: { id: '7' } });
    expect((box as HTMLInputElement).value).toBe('');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('Escape closes the list first, then clears the text', async () => {
    const { box } = setup();
    type(box, 'sw');
    await wait(SEARCH_DEBOUNCE_MS);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('sw');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('Enter searches at once without waiting for the debounce', async () => {
    const { box, search } = setup();
    type(box, 'swim');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(search).toHaveBeenCalledWith('swim', expect.any(AbortSignal));
    await wait(0);
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('[S0-7.34] a failed search shows no list and no message', async () => {
    const { box } = setup({ search: async () => Promise.reject(new Error('network down')) });
    type(box, 'sw');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.queryByText('No results')).toBeNull();
  });

  it('shows "No results" when nothing matches, in either language', async () => {
    const { box } = setup({ search: async () => [] });
    type(box, 'zz');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('No results', { selector: 'p' })).toBeTruthy();
    cleanup();

    const arabic = setup({ search: async () => [], lang: 'ar' });
    type(arabic.box, 'زز');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(screen.getByText('لا توجد نتائج', { selector: 'p' })).toBeTruthy();
  });

  it('aborts a stale request and ignores its late answer', async () => {
    const pending: { text: string; signal: AbortSignal; resolve: (r: SearchResult[]) => void }[] = [];
    const { box } = setup({
      search: (text, signal) => new Promise((resolve) => pending.push({ text, signal, resolve })),
    });
    type(box, 'sw');
    await wait(SEARCH_DEBOUNCE_MS);
    type(box, 'summer');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(pending.map((p) => p.text)).toEqual(['sw', 'summer']);
    expect(pending[0]?.signal.aborted).toBe(true);
    expect(pending[1]?.signal.aborted).toBe(false);

    await act(async () => {
      pending[1]?.resolve([RESULTS[1]!]);
      pending[0]?.resolve(RESULTS);
    });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringContaining('Summer Cup'),
    ]);
  });

  it('clearing the text below two characters cancels the pending search', async () => {
    const { box, search } = setup();
    type(box, 'sw');
    type(box, 's');
    await wait(1000);
    expect(search).not.toHaveBeenCalled();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('on phones opens as a full-screen dialog that closes once a result is chosen', async () => {
    const { onNavigate } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(dialog.className).toContain('dialog-full');
    const box = within(dialog).getByRole('combobox', { name: 'Search' });
    expect(document.activeElement).toBe(box);
    type(box, 'sw');
    await wait(SEARCH_DEBOUNCE_MS);
    fireEvent.click(within(dialog).getByRole('option', { name: /Coach Sara/ }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/training/$id', params: { id: '3' } });
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
  });
});
