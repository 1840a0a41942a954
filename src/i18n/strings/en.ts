// Every English namespace in one chunk (src/i18n/i18n.ts, `bundleChunks`).
export default import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' });
