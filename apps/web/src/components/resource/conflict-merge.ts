/**
 * The field-by-field merge of a form whose record was changed by someone else (issue 36): the values
 * the form was loaded with (`base`), the user's (`mine`) and the record's current ones (`theirs`).
 * A field only one side changed starts on that side; a field both changed waits for the user's choice.
 */
export type Choice = 'mine' | 'theirs';

export interface FieldDifference {
  name: string;
  mine: unknown;
  theirs: unknown;
  /** The user changed it since the form was loaded. */
  edited: boolean;
  /** The other person changed it since the form was loaded. */
  changed: boolean;
}

type Values = Record<string, unknown>;

const normal = (v: unknown): unknown => (v === undefined ? null : v);

/** Equal as values (dates by their JSON, `undefined` as `null`). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(normal(a)) === JSON.stringify(normal(b));
}

/** The form's fields where the user's value and the current one differ; `base` unknown counts both as changed. */
export function fieldDifferences(base: Values | null, mine: Values, theirs: Values): FieldDifference[] {
  return Object.keys(theirs)
    .filter((name) => !sameValue(mine[name], theirs[name]))
    .map((name) => ({
      name,
      mine: mine[name],
      theirs: theirs[name],
      edited: !base || !sameValue(mine[name], base[name]),
      changed: !base || !sameValue(theirs[name], base[name]),
    }));
}

/** Where each field starts: the side that changed it; nothing where both did (the user decides). */
export function initialChoices(diffs: FieldDifference[]): Record<string, Choice | undefined> {
  return Object.fromEntries(
    diffs.map((d) => [d.name, d.edited && d.changed ? undefined : d.edited ? ('mine' as const) : ('theirs' as const)]),
  );
}

/** Every field has a side: the merge may be saved. */
export const allChosen = (diffs: FieldDifference[], choices: Record<string, Choice | undefined>): boolean =>
  diffs.every((d) => choices[d.name] !== undefined);

/** The user's values with the current value of each field taken from the other person. */
export function mergeValues<V extends Values>(mine: V, diffs: FieldDifference[], choices: Record<string, Choice | undefined>): V {
  const merged: Values = { ...mine };
  for (const d of diffs) if (choices[d.name] === 'theirs') merged[d.name] = d.theirs;
  return merged as V;
}
