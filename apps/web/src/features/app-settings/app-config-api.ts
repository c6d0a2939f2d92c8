import type { AppConfig } from '@bo/shared/app-config';

export const URL = '/api/admin/app-config/app';
export const KEY = ['app-config', 'app'];
export const HISTORY_KEY = ['app-config', 'app', 'history'];
export type Answer = { config: AppConfig; updated_at: string | null };
/** The audit entries of the config, as GET /api/admin/audit-log/index answers them. */
export interface Version {
  id: number;
  action: string;
  actor: { id: number; email: string; name: string } | null;
  before: unknown;
  after: unknown;
  created_at: string;
}
/** The config fields this screen edits; twoFactorRequiredRoles has its own screen (/admin/security). */
export type Editable = Omit<AppConfig, 'twoFactorRequiredRoles'>;
export const MODULES = ['banner', 'contact', 'page', 'video', 'member', 'product'] as const;
export const DEPTHS = ['default', 'article', 'project'] as const;
export const HEX = /^#[0-9a-fA-F]{6}$/;
/** The app config's productInstanceSeparator: 1–3 characters, none of them a space. */
export const SEPARATOR = /^\S{1,3}$/;

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** The top-level fields that differ: the update merges them over the stored config. */
export function changed(from: Editable, to: Editable): Partial<Editable> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(to) as (keyof Editable)[]) if (!same(from[k], to[k])) out[k] = to[k];
  return out as Partial<Editable>;
}
export const editable = ({ twoFactorRequiredRoles: _, ...rest }: AppConfig): Editable => rest;
