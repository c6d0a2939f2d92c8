import type { PhotoUse, PhotoUses } from '@bo/shared/schemas/photo';
import type { AdminReadContext } from '../../lib/context/request-context.ts';
import type { RowReferences } from '../../lib/kit/row-references.ts';

/**
 * Issue 36: every row using the photos, named before they are deleted (a banner, a product, the
 * logo, a staff member…), from the modules' declared references. A caller acting in one
 * organization sees the website's uses and its own organization's; the uses in other organizations
 * are only counted (`hidden`), so the confirmation still says the photo is used elsewhere.
 */
export async function photoUses(ctx: AdminReadContext, references: RowReferences, photoIds: readonly number[]): Promise<PhotoUses> {
  const all = await references.uses(ctx.db, 'photos', photoIds);
  const visible = (organizationId: number | null) =>
    organizationId === null || organizationId === ctx.organizationId || ctx.principal.isSuperAdmin;
  const data: PhotoUse[] = all
    .filter((u) => visible(u.organization_id))
    .map((u) => ({
      photo_id: u.referenced_id,
      kind: u.kind as PhotoUse['kind'],
      id: u.id,
      label: u.label,
      place: u.place,
      on_website: u.on_website,
      organization_id: u.organization_id,
    }));
  return { data, hidden: all.length - data.length };
}
