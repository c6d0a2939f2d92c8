/** The named fields of an object, as they are (input fields stored under the same names). */
export function pick<T extends object, const K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = from[k];
  return out;
}
