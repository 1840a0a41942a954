// The keys come from the English strings themselves (a type only: the strings load with the screens that use them).
import type english from '../../i18n/locales/en/validation.json';

type English = typeof english;

export const VALIDATION_NAMESPACE = 'validation';

export type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the 'validation' namespace, so a typo in a rule fails to compile. */
export type ValidationMessageKey = Leaves<English>;

export type FieldLabelKey = keyof English['fields'];

export type MessageValues = Record<string, string | number>;

/**
 * What a rule returns instead of text: a key in the 'validation' namespace plus its placeholders.
 * `labels` are placeholders whose value is itself a key of this namespace (a field label), translated first
 * so a machine or the server can name a field without knowing the visitor's language.
 */
export interface MessageDescriptor {
  key: ValidationMessageKey;
  values?: MessageValues;
  labels?: Record<string, `fields.${FieldLabelKey}`>;
}

/** A field as a message names it: plain text shown as given (a lead form's own field name), or a label key. */
export type FieldName = string | { labelKey: FieldLabelKey };

/**
 * Which document's wording a screen uses where the two differ (PRODUCT.md, "Two wordings for one check"):
 * 'booking' for the booking, visitor, cart, lead and login modals of document 001, 'account' for the rest (document 000).
 */
export type Wording = 'account' | 'booking';

export function message(key: ValidationMessageKey, values?: MessageValues): MessageDescriptor {
  return values ? { key, values } : { key };
}

/** A message whose `{{field}}` names a field, either as text or as a label key. */
export function fieldMessage(key: ValidationMessageKey, field: FieldName, values?: MessageValues): MessageDescriptor {
  if (typeof field === 'string') return { key, values: { ...values, field } };
  const labelled: MessageDescriptor = { key, labels: { field: `fields.${field.labelKey}` } };
  return values ? { ...labelled, values } : labelled;
}


/** i18next's `t` fits here; keys are passed namespaced ('validation:…') so any bound namespace works. */
export type Translate = (key: string, values?: MessageValues) => string;

/** The text of a message in the visitor's language. */
export function translateMessage(descriptor: MessageDescriptor, translate: Translate): string {
  const labels = Object.entries(descriptor.labels ?? {}).map(([name, key]) => [name, translate(`${VALIDATION_NAMESPACE}:${key}`)] as const);
  return translate(`${VALIDATION_NAMESPACE}:${descriptor.key}`, { ...descriptor.values, ...Object.fromEntries(labels) });
}

/** i18next's default `{{name}}` syntax; an unknown placeholder is left visible rather than silently dropped. */
export function interpolate(template: string, values: MessageValues): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
