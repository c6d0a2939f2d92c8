import { z } from 'zod';
import { listQuery } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { ADMIN_ROLES } from '../roles.ts';

/** Admin groups: a named set of ROLE_ roles; members (admins.group_id) hold them too (flag adminGroup). */
export const adminGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  roles: z.array(z.string()),
  admin_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;

export const adminGroupInput = z.strictObject({
  name: z.string().trim().min(1, VALIDATION_KEYS.required).max(100),
  roles: z.array(z.enum(ADMIN_ROLES, VALIDATION_KEYS.invalid)).max(ADMIN_ROLES.length).default([]),
});
export type AdminGroupInput = z.input<typeof adminGroupInput>;

export const ADMIN_GROUP_SORTS = ['id', 'name', 'created_at', 'updated_at'] as const;
export const adminGroupListQuery = listQuery(ADMIN_GROUP_SORTS);
