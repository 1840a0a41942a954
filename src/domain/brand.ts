declare const brand: unique symbol;

/**
 * A number (or string) that must not be mixed with others of the same base type, such as minutes and amounts of money.
 * Type-level only: a branded value is its plain value at run time, and is made by a tiny constructor (asMinutes).
 */
export type Brand<Base, Name extends string> = Base & { readonly [brand]: Name };
