import type { organizationSchema } from '@bo/shared/schemas/account';
import type { z } from 'zod';
import { STORAGE_KEYS, storage } from './storage.ts';

/** An organization the signed-in admin may act in (GET /api/admin/account/organizations). */
export type Organization = z.infer<typeof organizationSchema>;

/** "name (company_id)" when company_id is present (spec section 3). */
export const organizationLabel = (o: Pick<Organization, 'name' | 'company_id'>): string =>
  o.company_id ? `${o.name} (${o.company_id})` : o.name;

/**
 * Spec section 4: the one named by ?org= (id or uid), else the one saved in storage, else the
 * first; none when the list is empty.
 */
export function chooseOrganization(
  organizations: readonly Organization[],
  from: { query?: string | null; saved?: string | null },
): Organization | null {
  const match = (v: string | null | undefined) => (v ? (organizations.find((o) => String(o.id) === v || o.uid === v) ?? null) : null);
  return match(from.query) ?? match(from.saved) ?? organizations[0] ?? null;
}

interface State {
  organizations: Organization[];
  active: Organization | null;
}
let state: State = { organizations: [], active: null };
const listeners = new Set<() => void>();

export const getOrganizationState = () => state;
export const getActiveOrganizationId = (): number | null => state.active?.id ?? null;
export function subscribeOrganizations(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function setOrganizationState(organizations: Organization[], activeId: number | null): void {
  const active = organizations.find((o) => o.id === activeId) ?? null;
  state = { organizations, active };
  if (active) storage.set(STORAGE_KEYS.activeOrganization, String(active.id));
  for (const l of [...listeners]) l();
}

export function resetOrganizations(): void {
  state = { organizations: [], active: null };
  for (const l of [...listeners]) l();
}
