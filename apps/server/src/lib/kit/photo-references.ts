import type { PhotoUseKind } from '@bo/shared/schemas/photo';
import type { DB } from '../../db/schema.ts';
import type { AuditActions, AuditTarget } from '../context/audit-targets.ts';
import { clearPhotoColumn, rowsHoldingPhotos } from './photo-references.repository.ts';
import type { RowReference } from './row-references.ts';

/** Audit targets that record a library photo let go of (`unlink_photo`). */
type PhotoHolderTarget = { [T in AuditTarget]: 'unlink_photo' extends AuditActions[T] ? T : never }[AuditTarget];
/** The columns of a table that can hold a photo id. */
type PhotoColumn<T extends keyof DB> = { [C in keyof DB[T]]: DB[T][C] extends number | null ? C : never }[keyof DB[T]] & string;
type TextColumn<T extends keyof DB> = { [C in keyof DB[T]]: DB[T][C] extends string | null ? C : never }[keyof DB[T]] & string;

/**
 * A module's column holding a library photo (a video's picture, a page's cover), declared in its
 * descriptor (`photoReferences`). The photo library never names the tables using its photos: while a
 * row points at a photo, the photo is in use, and deleting it from the library sets the column to null
 * on every such row and audits `unlink_photo` on the row, in the delete's transaction.
 * `kind`, `label` and `place` (a banner's position) name the use in the library's delete confirmation (issue 36); `onWebsite` says
 * whether the public website shows the row (always, or while `column` equals `value`). Website content
 * belongs to no organization.
 */
export type PhotoReference = {
  [T in keyof DB & string]: {
    table: T;
    column: PhotoColumn<T>;
    target: PhotoHolderTarget;
    kind: PhotoUseKind;
    label: TextColumn<T>;
    place?: TextColumn<T>;
    onWebsite: boolean | { column: keyof DB[T] & string; value: string | number };
    /** Issue 36: the record the row is a child of (a product instance's product), whose version its change raises too. */
    versionOf?: { target: AuditTarget; column: PhotoColumn<T> };
  };
}[keyof DB & string];

/** The row reference (row-references.ts) registerModule adds for a declared photo column. */
export function photoColumnReference(ref: PhotoReference): RowReference {
  const { table, column, target, kind, label, place, onWebsite, versionOf } = ref;
  return {
    name: `${table}.${column}`,
    references: 'photos',
    async uses(db, photoIds) {
      const shownWhen = typeof onWebsite === 'object' ? onWebsite : null;
      const asked = [label, ...(place ? [place] : []), ...(shownWhen ? [shownWhen.column] : [])];
      const rows = await rowsHoldingPhotos(db, table, column, photoIds, asked);
      return rows.map((r) => ({
        referenced_id: r[column] as number,
        kind,
        id: r.id as number,
        label: (r[label] as string | null) ?? '',
        place: place ? ((r[place] as string | null) ?? null) : null,
        on_website: shownWhen ? r[shownWhen.column] === shownWhen.value : onWebsite === true,
        organization_id: null,
      }));
    },
    async release(ctx, photoIds) {
      const rows = await rowsHoldingPhotos(ctx.trx, table, column, [...photoIds], versionOf ? [versionOf.column] : []);
      if (!rows.length) return;
      await clearPhotoColumn(
        ctx.trx,
        table,
        column,
        rows.map((r) => r.id as number),
      );
      for (const r of rows)
        await ctx.audit({
          action: 'unlink_photo',
          target_type: target,
          target_id: r.id as number,
          before: { [column]: r[column] },
          after: { [column]: null },
          ...(versionOf ? { version_of: { target_type: versionOf.target, target_id: r[versionOf.column] as number } } : {}),
        } as Parameters<typeof ctx.audit>[0]);
    },
  };
}
