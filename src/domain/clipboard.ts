export type CopyLinkOutcome = 'copied' | 'unavailable' | 'failed';

export type ClipboardWriter = { writeText(text: string): Promise<void> };

/** The UI shows a message per outcome; after 'failed' it also asks the user to copy the address by hand. */
export async function copyLink(url: string, clipboard: ClipboardWriter | undefined): Promise<CopyLinkOutcome> {
  if (!clipboard || typeof clipboard.writeText !== 'function') return 'unavailable';
  try {
    await clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
