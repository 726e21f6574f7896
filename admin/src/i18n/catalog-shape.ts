/** The shape of a catalog: the French one's keys, any text (nl.ts and its parts are typed so). */
export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
