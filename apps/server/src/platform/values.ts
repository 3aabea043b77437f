/**
 * The named fields of `data`, each `null` where it is missing: the optional columns of an insert,
 * stored empty on purpose rather than left to a default.
 */
export function orNull<T extends object, K extends keyof T>(data: T, ...keys: K[]): { [P in K]: Exclude<T[P], undefined> | null } {
  return Object.fromEntries(keys.map((k) => [k, data[k] ?? null])) as { [P in K]: Exclude<T[P], undefined> | null };
}

/** The named fields `data` gives (not undefined): what a partial update sets, and nothing else. */
export function givenOf<T extends object, K extends keyof T>(data: T, ...keys: K[]): { [P in K]?: Exclude<T[P], undefined> } {
  return Object.fromEntries(keys.filter((k) => data[k] !== undefined).map((k) => [k, data[k]])) as { [P in K]?: Exclude<T[P], undefined> };
}

/** The named fields of a row, as they are: the part of a DTO that is the row's own columns. */
export function pick<T extends object, K extends keyof T>(row: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;
}
