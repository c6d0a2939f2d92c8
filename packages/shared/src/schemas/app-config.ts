import { z } from 'zod';
import { appConfigSchema } from '../app-config.ts';

/**
 * A partial update of the application config (spec section 3): any subset of the fields, nested
 * objects (modules, pageCategoryDepth) partial too; unknown fields are refused, not ignored.
 * Built from appConfigSchema with its defaults removed, so an absent field stays absent.
 */
function partialWithoutDefaults(schema: z.ZodObject): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    let inner = field as z.ZodType;
    if (inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
    if (inner instanceof z.ZodObject) inner = partialWithoutDefaults(inner);
    shape[key] = inner.optional();
  }
  return z.strictObject(shape);
}

export const appConfigUpdateBody = partialWithoutDefaults(appConfigSchema);
export const appConfigName = z.object({ name: z.string().min(1).max(50) });
/** PUT /api/admin/app-config/{name}/restore: the audit entry whose version comes back. */
export const appConfigRestoreBody = z.strictObject({
  audit_id: z.number().int().positive(),
  side: z.enum(['after', 'before']).optional(),
});
export const appConfigResponse = z.object({
  name: z.string(),
  config: appConfigSchema,
  updated_at: z.string().nullable(),
});
