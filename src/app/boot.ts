import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-600.css';
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-600.css';
import '../ui/ui.css';
import '../app.css';
import { APP_CHUNK_ATTRIBUTE, APP_CODE_TEMPLATE_ID } from '../domain/appCode';
import { appendLinksInTasks, yieldToMain } from './yieldToMain';

/**
 * The page's entry. The app (src/main.tsx) takes some 0.4 s of module evaluation on a mid-range phone before it can
 * hydrate: started by the script tag it ran as soon as its code had come down, often before the server's page had
 * painted, so the first paint waited for it. Its code is linked, all of it together, and evaluated only after the page
 * has painted (src/domain/appCode.ts): linked with the HTML, its ~25 requests took the main thread (~0.1-0.3 s at 4x
 * CPU) and most of a slow line before the first frame. Nothing is imported here but styles and that module, or the
 * app's code would be evaluated before this module runs (the build keeps `./yieldToMain` with the page's script's helpers).
 */

/** A page in a background tab gets no frames: its start waits no longer than this. */
const HIDDEN_PAGE_WAIT_MS = 100;

function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, HIDDEN_PAGE_WAIT_MS);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      // A frame's animation callbacks run before its paint; a task queued from one runs after it.
      setTimeout(resolve, 0);
    });
  });
}

/**
 * The app's code, moved out of its template into the head, a few links a task: the browser fetches it at once. Answers
 * the chunks the app's entry imports, in the order they import one another (src/domain/appCode.ts).
 */
async function linkAppCode(): Promise<string[]> {
  const template = document.getElementById(APP_CODE_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return [];
  const chunks = [...template.content.querySelectorAll(`link[${APP_CHUNK_ATTRIBUTE}]`)].map((link) => new URL(link.getAttribute('href') ?? '', document.baseURI).href);
  await appendLinksInTasks([...template.content.children]);
  return chunks;
}

/** Each chunk evaluated in a task of its own, so that no one task holds them all. */
async function evaluateInTasks(chunks: readonly string[]): Promise<void> {
  for (const chunk of chunks) {
    await import(/* @vite-ignore */ chunk);
    await yieldToMain();
  }
}

/** ICU's start on another thread while the app's code comes down; the app's start waits for it (src/app/intlWarmUp.ts). */
function warmUpIntl(): void {
  try {
    // Written out here, not as a `?worker` import: that module would join the app's chunk, evaluated before this one.
    const worker = new Worker(new URL('./intlWarmUp.worker.ts', import.meta.url));
    window.intlWarmUp = new Promise((resolve) => {
      worker.onmessage = () => resolve();
      worker.onerror = () => resolve();
    });
  } catch {
    // Without workers the app's first formatter pays for ICU on the main thread, as it always did.
  }
}

// An empty root (a page the client renders: login, the cart) has nothing to paint first.
if (document.getElementById('root')?.hasChildNodes()) await afterNextPaint();
warmUpIntl();
await evaluateInTasks(await linkAppCode());
await import('../main');
