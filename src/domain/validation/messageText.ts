// The server needs the English wording too; importing the very file i18next loads means the two can never drift.
import english from '../../i18n/locales/en/validation.json';
import { interpolate, type MessageDescriptor } from './messages';

function englishTemplate(key: string): string | undefined {
  let node: unknown = english;
  for (const part of key.split('.')) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The English text of a message, for the server's responses and logs. */
export function messageText(descriptor: MessageDescriptor): string {
  const labels = Object.entries(descriptor.labels ?? {}).map(([name, key]) => [name, englishTemplate(key) ?? key] as const);
  return interpolate(englishTemplate(descriptor.key) ?? descriptor.key, { ...descriptor.values, ...Object.fromEntries(labels) });
}
