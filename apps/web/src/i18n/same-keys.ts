/** A second language's table typed after the first: the same keys, any strings. */
export type SameKeys<T> = { [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };
