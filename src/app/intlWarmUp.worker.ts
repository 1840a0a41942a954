/**
 * Starts the browser's ICU off the main thread (src/app/boot.ts). A page's first `Intl` formatter loads ICU's data, a
 * native call of 0.1-0.2 s at 4x CPU that no task split can cut; its data and caches are the renderer process's, so
 * once a worker has paid for them the page's own formatters (the time zone header, the venue's wall clock, i18next's
 * plural rules) cost a few milliseconds. It answers once done, so the app's start can wait for it.
 */
import { DEFAULT_TIME_ZONE } from '../domain/userTime';

Intl.DateTimeFormat().resolvedOptions();
new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: DEFAULT_TIME_ZONE }).format(0);
new Intl.PluralRules('en').select(1);
new Intl.PluralRules('ar').select(1);
postMessage(null);
close();
