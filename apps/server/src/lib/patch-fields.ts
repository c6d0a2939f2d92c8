import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Generic `PATCH {field, value}` (spec section 3): only the allow-listed `fields`, each checked by its
 * schema in `rules`. A field outside the list is 400 `{field: ['validate.error.not_allowed']}`; a bad
 * value is 400 with the schema's translation key on `value`. Every resource with a PATCH call uses this.
 */
export function parsePatch<R extends Record<string, z.ZodType>, const K extends keyof R & string>(
  fields: readonly K[],
  rules: R,
  body: { field: string; value: unknown },
): { [F in K]: { field: F; value: z.output<R[F]> } }[K] {
  if (!(fields as readonly string[]).includes(body.field)) throw badRequest({ field: ['validate.error.not_allowed'] });
  const parsed = rules[body.field as K]!.safeParse(body.value);
  if (!parsed.success) {
    const msg = parsed.error.issues[0]?.message ?? '';
    throw badRequest({ value: [msg.startsWith('validate.') ? msg : 'validate.error.invalid'] });
  }
  return { field: body.field, value: parsed.data } as any;
}
