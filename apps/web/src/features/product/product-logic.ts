/**
 * The product screens' pure rules: prices in New Taiwan dollars, the instance set that a product's
 * attribute lists make (what the server's "generate" will create, keep and remove), tag values and
 * a suggested URL name.
 */

export interface AttributeList {
  name: string;
  values: string[];
}

export interface InstanceLike {
  name: string;
  values: string[];
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1200 → `NT$1,200`. */
export const formatNtd = (n: number): string => `NT$${grouped.format(n)}`;

/** A product's lowest and highest instance price: `NT$1,200`, `NT$1,200–NT$1,800`, or `—` without instances. */
export function priceRange(min: number | null | undefined, max: number | null | undefined): string {
  if (min == null && max == null) return '—';
  const lo = min ?? max!;
  const hi = max ?? min!;
  return lo === hi ? formatNtd(lo) : `${formatNtd(lo)}–${formatNtd(hi)}`;
}

/** The lists that count: named or not, only those with values (an empty list would make no instance at all). */
const usable = (lists: readonly (Partial<AttributeList> | null | undefined)[]) =>
  lists.map((l) => (l?.values ?? []).map((v) => v.trim()).filter(Boolean)).filter((values) => values.length > 0);

/**
 * Every combination of the lists' values, the first list varying slowest (20kg-灰, 20kg-白, 40kg-灰…).
 * No list: one combination without values (the product itself is the one instance).
 */
export function combinations(lists: readonly (Partial<AttributeList> | null | undefined)[]): string[][] {
  return usable(lists).reduce<string[][]>((acc, values) => acc.flatMap((combo) => values.map((v) => [...combo, v])), [[]]);
}

/** An instance's name: its values joined with the app config's separator, the product's name without values. */
export const instanceName = (values: readonly string[], separator: string, productName: string): string =>
  values.length ? values.join(separator) : productName;

const keyOf = (values: readonly string[]) => JSON.stringify(values);

export interface GenerationPreview {
  /** Names of the instances a generation creates. */
  create: string[];
  /** Existing instances it keeps (with their SKU, price and stock). */
  keep: string[];
  /** Existing instances whose values left the lists: removed only when the user agrees. */
  remove: string[];
}

/** The existing instances whose values are no longer a combination of the lists (a generation removes them). */
export function instancesLeaving<T extends InstanceLike>(
  lists: readonly (Partial<AttributeList> | null | undefined)[],
  existing: readonly T[],
): T[] {
  const want = new Set(combinations(lists).map(keyOf));
  return existing.filter((i) => !want.has(keyOf(i.values)));
}

/** What generating the instance set from these lists would do to the existing instances. */
export function previewGeneration(
  lists: readonly (Partial<AttributeList> | null | undefined)[],
  existing: readonly InstanceLike[],
  separator: string,
  productName: string,
): GenerationPreview {
  const wanted = combinations(lists);
  const have = new Set(existing.map((i) => keyOf(i.values)));
  const leaving = new Set(instancesLeaving(lists, existing));
  return {
    create: wanted.filter((c) => !have.has(keyOf(c))).map((c) => instanceName(c, separator, productName)),
    keep: existing.filter((i) => !leaving.has(i)).map((i) => i.name),
    remove: [...leaving].map((i) => i.name),
  };
}

export type TagRefusal = 'empty' | 'duplicate' | 'tooLong' | 'tooMany';

/**
 * Adds typed text to a list of values: several at once when separated by commas (`,` or `，`),
 * each trimmed. Refuses an empty value, one already in the list (or twice in the text), one over
 * `maxLength` characters, and more than `maxCount` values; nothing is added when one is refused.
 */
export function addValues(
  values: readonly string[],
  text: string,
  { maxLength = 30, maxCount = 30 }: { maxLength?: number; maxCount?: number } = {},
): { values: string[]; refused?: undefined } | { values?: undefined; refused: TagRefusal; value?: string } {
  const parts = text
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return { refused: 'empty' };
  const next = [...values];
  for (const p of parts) {
    if (next.includes(p)) return { refused: 'duplicate', value: p };
    if ([...p].length > maxLength) return { refused: 'tooLong', value: p };
    next.push(p);
  }
  if (next.length > maxCount) return { refused: 'tooMany' };
  return { values: next };
}

/** Values that appear more than once (the server refuses such a list with duplicate_value). */
export const duplicates = (values: readonly string[]): string[] => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];

/**
 * A URL name suggested from a product's name: lowercase letters (any script), digits and single
 * hyphens, as the shared `pageSlug` accepts; '' when nothing usable is left.
 */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}
