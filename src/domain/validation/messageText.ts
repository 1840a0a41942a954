// The server needs the English wording too; importing the very file i18next loads means the two can never drift.
import english from '../../i18n/locales/en/validation.json';
import { type MessageDescriptor, type MessageValues } from './messages';

function englishTemplate(key: string): string | undefined {
  let node: unknown = english;
  for (const part of key.split('.')) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** i18next's default `{{name}}` syntax; an unknown placeholder is left visible rather than silently dropped. */
function interpolate(template: string, values: MessageValues): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The English text of a message, for the server's responses and logs. */
export function messageText(descriptor: MessageDescriptor): string {
  const labels = Object.entries(descriptor.labels ?? {}).map(([name, key]) => [name, englishTemplate(key) ?? key] as const);
  return interpolate(englishTemplate(descriptor.key) ?? descriptor.key, { ...descriptor.values, ...Object.fromEntries(labels) });
}
