import { PERSONAL_DATA_RECORDED } from '@bo/shared/personal-data';
import { REVEAL_SECONDS, type RevealResponse } from '@bo/shared/schemas/personal-data-reveal';
import type { EvidenceRevealBody } from '@bo/shared/schemas/staff-evidence';
import { badRequest } from '../../lib/errors.ts';
import type { OrganizationContext, OrganizationReadContext } from '../../lib/context/request-context.ts';
import { recordVersion } from '../../lib/context/record-versions.ts';
import type { TypedAuditEntry } from '../../lib/context/audit-targets.ts';
import { requireRevealRight } from '../../lib/identity/reveal-right.ts';
import { decryptField } from '../../lib/personal-data/reveal-field.ts';
import { indexColumns, maskedValues, sealedColumns } from '../../lib/personal-data/sealed-columns.ts';
import { writableKeyRing } from '../../lib/personal-data/vault.ts';
import type { KeptFile } from '../../lib/storage/kept-files.repository.ts';
import { staffRows } from '../staff/staff.repository.ts';
import type { EvidenceKindDeclaration } from './staff-evidence.kinds.ts';
import {
  deleteEvidence,
  evidenceRowOr404,
  evidenceRowsOf,
  insertEvidence,
  updateEvidence,
  type EvidenceRow,
} from './staff-evidence.repository.ts';

type Values = Record<string, unknown>;
export type EvidenceView = { id: number; staff_id: number } & Values;
/**
 * A write's answer: the row, and the staff record's version after it (the next write sends it back; the
 * staff form takes it as its own, the answer naming no other record: use-record-version.tsx).
 */
export type Written = { data: EvidenceView; version: number };

/** A row as it leaves: its plain fields, its sealed ones masked (「已記錄」 for a health value), whether it has a scan. */
export function toEvidenceView(k: EvidenceKindDeclaration, row: EvidenceRow): EvidenceView {
  const plain = Object.fromEntries(k.plain.map((c) => [c, row[c] ?? null]));
  return {
    id: row.id,
    staff_id: row.staff_id,
    ...plain,
    ...(k.personal ? maskedValues(k.personal, row) : {}),
    has_file: !!row.file_key,
    file_name: (row.file_name as string | null) ?? null,
    file_type: (row.file_type as string | null) ?? null,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

/** A row's scan, kept when a change removes or replaces it (lib/storage/kept-files.repository.ts). */
export const keptScanOf = (table: string, row: EvidenceRow): KeptFile | null =>
  row.file_key
    ? {
        key: row.file_key,
        origin_table: table,
        origin_id: row.id,
        organization_id: row.organization_id,
        file_name: (row.file_name as string | null) ?? null,
        file_type: (row.file_type as string | null) ?? null,
        file_size: (row.file_size as number | null) ?? null,
      }
    : null;

const isShownMask = (v: string) => v === PERSONAL_DATA_RECORDED || v.includes('*');

/** The staff's evidence of one kind, in the context's scope (404 for a staff out of it). */
export function evidenceReads(ctx: OrganizationReadContext, k: EvidenceKindDeclaration) {
  const { db, scope } = ctx;
  return {
    async list(staffId: number): Promise<EvidenceView[]> {
      await staffRows.findOr404(db, scope, staffId);
      return (await evidenceRowsOf(db, scope, k.table, staffId, k.day)).map((r) => toEvidenceView(k, r));
    },
    row: (staffId: number, id: number) => evidenceRowOr404(db, scope, k.table, staffId, id),
  };
}

/**
 * Evidence writes, in one organization. Each is a child of its staff record: its audit entry counts for
 * the staff's version (the route checked the version it was read at) and lists on the staff's History.
 */
export function evidenceService(ctx: OrganizationContext, k: EvidenceKindDeclaration) {
  const { db, scope } = ctx;
  const reads = evidenceReads(ctx, k);
  const staffVersion = { target_type: 'staff' as const, fields: [k.target] };

  /**
   * The sealed fields to write: absent, or sent back as shown (the mask, 「已記錄」), keeps the stored
   * value; a shown value that is not this row's own (or on a new row) is refused.
   */
  function sealedChanges(input: Values, before?: EvidenceView): Values {
    const out: Values = {};
    for (const f of k.sealed) {
      const v = input[f];
      if (v === undefined) continue;
      if (typeof v === 'string' && isShownMask(v)) {
        if (!before || before[f] !== v) throw badRequest({ [f]: ['validate.error.invalid'] });
        continue;
      }
      out[f] = v ?? null;
    }
    return out;
  }

  const plainOf = (input: Values) => Object.fromEntries(k.plain.map((c) => [c, input[c] ?? null]));

  async function audit(
    entry: { action: 'create' | 'update' | 'delete' | 'upload_file' | 'delete_file'; id: number; staffId: number } & Values,
  ) {
    const { action, id, staffId, ...rest } = entry;
    await ctx.audit({
      action,
      target_type: k.target,
      target_id: id,
      ...rest,
      version_of: { ...staffVersion, target_id: staffId },
    } as TypedAuditEntry);
  }

  async function written(staffId: number, id: number): Promise<Written> {
    const data = toEvidenceView(k, await reads.row(staffId, id));
    return { data, version: (await recordVersion(db, 'staff', staffId)).version };
  }

  /** Seals the sealed fields among `changes` onto row `id` (the row id is in each value's associated data). */
  async function seal(staffId: number, id: number, changes: Values) {
    if (!k.personal || !Object.keys(changes).length) return;
    const ring = await writableKeyRing(db, ctx.config);
    await updateEvidence(db, scope, k.table, staffId, id, {
      ...indexColumns(ring, k.personal, changes),
      ...sealedColumns(ring, k.personal, id, changes),
    });
  }

  return {
    async create(staffId: number, input: Values): Promise<Written> {
      await staffRows.findOr404(db, scope, staffId);
      const changes = sealedChanges(input);
      const id = await insertEvidence(db, scope, k.table, staffId, plainOf(input));
      await seal(staffId, id, changes);
      const after = toEvidenceView(k, await reads.row(staffId, id));
      await audit({ action: 'create', id, staffId, after });
      return written(staffId, id);
    },

    async update(staffId: number, id: number, input: Values): Promise<Written> {
      const before = toEvidenceView(k, await reads.row(staffId, id));
      const changes = sealedChanges(input, before);
      await updateEvidence(db, scope, k.table, staffId, id, plainOf(input));
      await seal(staffId, id, changes);
      const after = toEvidenceView(k, await reads.row(staffId, id));
      // A sealed value changed shows the same 「已記錄」 on both sides: its name says that it changed, never the value.
      const sealed = Object.keys(changes);
      await audit({ action: 'update', id, staffId, before, after: sealed.length ? { ...after, sealed_changed: sealed } : after });
      return written(staffId, id);
    },

    async remove(staffId: number, id: number): Promise<{ version: number }> {
      const row = await reads.row(staffId, id);
      await deleteEvidence(db, scope, k.table, staffId, id);
      await ctx.keepRemovedFiles([keptScanOf(k.table, row)]);
      await audit({ action: 'delete', id, staffId, before: toEvidenceView(k, row) });
      return { version: (await recordVersion(db, 'staff', staffId)).version };
    },

    /** A scan (already stored, checked by its content) replaces the row's; the one it replaces is kept for the history. */
    async setFile(staffId: number, id: number, file: { key: string; name: string; type: string; size: number }): Promise<Written> {
      const before = await reads.row(staffId, id);
      await updateEvidence(db, scope, k.table, staffId, id, {
        file_key: file.key,
        file_name: file.name,
        file_type: file.type,
        file_size: file.size,
      });
      await ctx.keepRemovedFiles([keptScanOf(k.table, before)]);
      await audit({
        action: 'upload_file',
        id,
        staffId,
        before: { staff_id: staffId, file_name: (before.file_name as string | null) ?? null },
        after: { staff_id: staffId, file_name: file.name, size: file.size },
      });
      return written(staffId, id);
    },

    async removeFile(staffId: number, id: number): Promise<Written> {
      const before = await reads.row(staffId, id);
      await updateEvidence(db, scope, k.table, staffId, id, { file_key: null, file_name: null, file_type: null, file_size: null });
      await ctx.keepRemovedFiles([keptScanOf(k.table, before)]);
      await audit({
        action: 'delete_file',
        id,
        staffId,
        before: { staff_id: staffId, file_name: (before.file_name as string | null) ?? null },
      });
      return written(staffId, id);
    },

    /**
     * One sealed field of one row in plain, for the reason given (docs/personal-data.md "Reveal"): the
     * reveal right (role and fresh proof) or 403; logged as a `reveal` on the staff member (their
     * History panel lists it), naming the evidence, field and reason, never the value.
     */
    async reveal(staffId: number, id: number, body: EvidenceRevealBody): Promise<RevealResponse> {
      await requireRevealRight(db, ctx.principal);
      if (!k.personal || !(k.sealed as readonly string[]).includes(body.field)) throw badRequest({ field: ['validate.error.invalid'] });
      const staff = await staffRows.findOr404(db, scope, staffId);
      await reads.row(staffId, id);
      const value = await decryptField(ctx, k.personal, body.field, id);
      await ctx.audit({
        action: 'reveal',
        target_type: 'staff',
        target_id: staffId,
        target_label: staff.name,
        after: {
          field: body.field,
          evidence: k.target,
          evidence_id: id,
          reason_code: body.reason_code,
          ...(body.reason_text ? { reason_text: body.reason_text } : {}),
        },
      });
      return { value, expires_in: REVEAL_SECONDS };
    },
  };
}
