/**
 * The app's code is linked from the page for after its first paint. The page's `modulepreload` links sit inside one
 * `<template>` in the head: a browser neither fetches nor sets up what a template holds, so until the page's script
 * (src/app/boot.ts) moves them into the head once the page has painted, the HTML, its styles and its largest image
 * have the line and the main thread to themselves. Moved all at once, they are still requested together, with no
 * waterfall. The build writes the app's own chunks into it (vite.config.ts), the server adds the rendered screens'
 * (server/http/firstScreen.ts).
 *
 * Imported by the page's script: nothing may be imported here, or the app's code would run before the first paint.
 */

export const APP_CODE_TEMPLATE_ID = 'app-code';

/**
 * Marks the links of the chunks the app's entry imports (the libraries', then the app's own), in the order they import
 * one another. Imported as one graph they were evaluated in one task of ~0.25 s on a mid-range phone; the page's script
 * evaluates them one a task, then the entry, whose imports are evaluated by then.
 */
export const APP_CHUNK_ATTRIBUTE = 'data-app-chunk';

const OPENING = `<template id="${APP_CODE_TEMPLATE_ID}">`;

/** `links` added to the page's template of app code, the template made before `</head>` when the page has none. */
export function withAppCode(html: string, links: string): string {
  if (!links) return html;
  const opening = html.indexOf(OPENING);
  if (opening < 0) return html.replace('</head>', () => `${OPENING}${links}</template></head>`);
  const closing = html.indexOf('</template>', opening);
  return html.slice(0, closing) + links + html.slice(closing);
}
