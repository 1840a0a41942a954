import { fieldMessage, message, type FieldName, type MessageDescriptor } from './messages';

/** A rule sees its field's value and, for checks such as a password confirmation, the whole form. */
export type Rule<V, T = Record<string, unknown>> = (value: V, values: T) => MessageDescriptor | undefined;

/** One rule or several per field; of several, the first that fails is the field's message. */
export type FieldRules<T> = { [K in keyof T]?: Rule<T[K], T> | readonly Rule<T[K], T>[] };

export type FieldErrors<T> = { [K in keyof T]?: MessageDescriptor };

export const FIX_ALL_ERRORS = message('form.fixErrors');
export const FILL_REQUIRED_FIELDS = message('form.fillRequired');
export const LOGIN_REQUIRED = message('form.loginRequired');

/** Nothing entered: no value, only spaces, an empty list (check boxes) or an unticked box. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * '{field} is required'. Additional fields ('{name} is required') and lead form fields ('{field name} is required')
 * read the same once filled in, so all three share one message and pass their own name as the field.
 */
export function required(value: unknown, field: FieldName): MessageDescriptor | undefined {
  return isBlank(value) ? fieldMessage('required', field) : undefined;
}

/** Lets a field be left empty; what is entered must still pass the rule. */
export function optional<V, T>(rule: Rule<V, T>): Rule<V, T> {
  return (value, values) => (isBlank(value) ? undefined : rule(value, values));
}

export function validateFields<T extends object>(values: T, rules: FieldRules<T>): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const field of Object.keys(rules) as (keyof T)[]) {
    const fieldRules = rules[field];
    const list: readonly Rule<T[keyof T], T>[] = typeof fieldRules === 'function' ? [fieldRules] : (fieldRules ?? []);
    for (const rule of list) {
      const error = rule(values[field], values);
      if (error) {
        errors[field] = error;
        break;
      }
    }
  }
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some((error) => error !== undefined);
}
