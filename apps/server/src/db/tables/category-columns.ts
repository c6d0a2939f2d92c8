import type { Generated } from 'kysely';

/** The columns of every category tree's table (migrations 0081, 0082): `depth` 1 for a root. */
export interface CategoryColumns {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  name_en: string | null;
  depth: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
}
