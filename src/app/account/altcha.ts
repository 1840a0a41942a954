import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

// The external build brings no workers of its own (none inlined as blobs), so the one algorithm the server uses
// (server/auth/captcha.ts) runs in a worker served from this origin, which the CSP's worker-src 'self' allows.
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** The widget's wording, from the portal's own translations (the English defaults fill in what the portal never shows). */
export function setAltchaStrings(lang: string, strings: Record<string, string>) {
  globalThis.$altcha.i18n.set(lang, { ...globalThis.$altcha.i18n.get('en'), ...strings });
}
