import { describe, expect, it, vi } from 'vitest';
import { copyLink, type ClipboardWriter, type CopyLinkOutcome } from './clipboard';

const URL = 'https://venue.example/events/3';

describe('copyLink', () => {
  it.each<[string, ClipboardWriter | undefined, CopyLinkOutcome]>([
    ['[S0-8.18] copied', { writeText: () => Promise.resolve() }, 'copied'],
    ['[S0-8.16] no Clipboard API', undefined, 'unavailable'],
    ['[S0-8.16] a clipboard without writeText', {} as ClipboardWriter, 'unavailable'],
    ['[S0-8.15] [S0-8.17] writing rejected', { writeText: () => Promise.reject(new Error('denied')) }, 'failed'],
    [
      '[S0-8.15] writing throws',
      {
        writeText: () => {
          throw new Error('denied');
        },
      },
      'failed',
    ],
  ])('%s', async (_title, clipboard, outcome) => {
    await expect(copyLink(URL, clipboard)).resolves.toBe(outcome);
  });

  it('writes the address given', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    await copyLink(URL, { writeText });
    expect(writeText).toHaveBeenCalledWith(URL);
  });
});
