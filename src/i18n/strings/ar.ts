// Every Arabic namespace in one chunk (src/i18n/i18n.ts, `bundleChunks`).
export default import.meta.glob<Record<string, unknown>>('../locales/ar/*.json', { eager: true, import: 'default' });
