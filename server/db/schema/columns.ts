import { integer, numeric, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const price = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
/** The largest amount a price column holds (numeric(10, 2)). */
export const PRICE_MAX = 99_999_999.99;

type ArabicKey<Key extends string> = `ar${Capitalize<Key>}`;
const arabicColumn = (column: string) => text(`ar_${column}`);

/** A text field in English under `key` (column `<key in snake_case>`) and in Arabic under `arKey` (column `ar_<…>`); the Arabic is always optional. */
function bilingual<Key extends string, English>(key: Key, english: (column: string) => English) {
  const column = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const arabicKey = `ar${key.charAt(0).toUpperCase()}${key.slice(1)}` as ArabicKey<Key>;
  return { [key]: english(column), [arabicKey]: arabicColumn(column) } as Record<Key, English> & Record<ArabicKey<Key>, ReturnType<typeof arabicColumn>>;
}

export const bilingualText = <Key extends string>(key: Key) => bilingual(key, (column) => text(column));
export const requiredBilingualText = <Key extends string>(key: Key) => bilingual(key, (column) => text(column).notNull());

/** A required reference to a row of another table, deleted with that row. */
export const partOf = (column: string, target: () => AnyPgColumn) => integer(column).notNull().references(target, { onDelete: 'cascade' });
