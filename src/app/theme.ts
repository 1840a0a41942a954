import type { SiteConfig } from '../domain/contract/config';
import { venueLook } from '../domain/venueLook';

/**
 * Maps the venue's look onto the document once, at the root. A page the server rendered carries it already
 * (server/http/firstScreen.ts): what is already so is left alone, since a changed root property restyles the whole page
 * and a changed icon is fetched and decoded again, both on the main thread while the page starts.
 */
export function applyVenueTheme(config: SiteConfig, root: HTMLElement = document.documentElement) {
  const look = venueLook(config);
  for (const [name, value] of Object.entries(look.properties)) {
    if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
  }
  setAttributeIfChanged(document.querySelector('meta[name="theme-color"]'), 'content', look.themeColor);
  if (look.favicon) setAttributeIfChanged(document.querySelector('link[rel="icon"]'), 'href', look.favicon);
}

function setAttributeIfChanged(element: Element | null, name: string, value: string) {
  if (element && element.getAttribute(name) !== value) element.setAttribute(name, value);
}
