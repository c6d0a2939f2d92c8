import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam } from '@bo/shared/list';
import { certificateTypeInput, certificateTypeSchema } from '@bo/shared/schemas/staff';
import type { DbOrTrx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';

/** Offered to an organization that has not set up its own list yet. */
export const DEFAULT_CERTIFICATE_TYPES = ['職業安全衛生教育訓練', '急救人員', '固定式起重機操作人員', '移動式起重機操作人員', '高空工作車操作人員', '堆高機操作人員'];

const base = '/api/admin/organization/certificate-type';
const ok = z.object({ message: z.string() });

const listTypes = (db: DbOrTrx, organizationId: number) =>
  db.selectFrom('certificate_types').selectAll().where('organization_id', '=', organizationId).orderBy('sort').orderBy('id').execute();

async function assertNameFree(db: DbOrTrx, organizationId: number, name: string, exceptId?: number) {
  let q = db.selectFrom('certificate_types').select('id').where('organization_id', '=', organizationId).where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict({ name: ['validate.error.already_exists'] });
}

/** The editable list of certificate types of each organization (occupational safety, first aid, crane operator, ...). */
export async function certificateTypeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificate-type'];

  app.get(`${base}/index`, {
    schema: { tags, response: { 200: z.object({ data: z.array(certificateTypeSchema), defaults: z.array(z.string()) }) } },
    config: { roles: ROLES.staffRead, organization: true },
  }, async (req) => ({ data: await listTypes(app.db, req.organizationId), defaults: DEFAULT_CERTIFICATE_TYPES }));

  app.post(base, {
    schema: { tags, body: certificateTypeInput, response: { 200: certificateTypeSchema } },
    config: { roles: ROLES.staffWrite, organization: true },
  }, (req) => req.inOrganization(async ({ trx, organizationId, audit }) => {
    await assertNameFree(trx, organizationId, req.body.name);
    const t = new Date().toISOString();
    const row = await trx.insertInto('certificate_types').values({ organization_id: organizationId, ...req.body, created_at: t, updated_at: t })
      .returningAll().executeTakeFirstOrThrow();
    await audit({ action: 'create', target_type: 'certificate_type', target_id: row.id, after: row });
    return row;
  }));

  /** Adds the default types the organization does not have yet. */
  app.post(`${base}/defaults`, {
    schema: { tags, response: { 200: z.object({ data: z.array(certificateTypeSchema) }) } },
    config: { roles: ROLES.staffWrite, organization: true },
  }, (req) => req.inOrganization(async ({ trx, organizationId, audit }) => {
    const have = new Set((await listTypes(trx, organizationId)).map((r) => r.name));
    const t = new Date().toISOString();
    for (const [i, name] of DEFAULT_CERTIFICATE_TYPES.entries()) {
      if (have.has(name)) continue;
      const row = await trx.insertInto('certificate_types').values({ organization_id: organizationId, name, sort: i, created_at: t, updated_at: t })
        .returningAll().executeTakeFirstOrThrow();
      await audit({ action: 'create', target_type: 'certificate_type', target_id: row.id, after: row });
    }
    return { data: await listTypes(trx, organizationId) };
  }));

  app.put(`${base}/:id`, {
    schema: { tags, params: idParam, body: certificateTypeInput, response: { 200: certificateTypeSchema } },
    config: { roles: ROLES.staffWrite, organization: true },
  }, (req) => req.inOrganization(async ({ trx, organizationId, audit }) => {
    const before = await trx.selectFrom('certificate_types').selectAll().where('id', '=', req.params.id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!before) throw notFound();
    await assertNameFree(trx, organizationId, req.body.name, before.id);
    const after = await trx.updateTable('certificate_types').set({ ...req.body, updated_at: new Date().toISOString() })
      .where('id', '=', before.id).returningAll().executeTakeFirstOrThrow();
    await audit({ action: 'update', target_type: 'certificate_type', target_id: before.id, before, after });
    return after;
  }));

  app.delete(`${base}/:id`, {
    schema: { tags, params: idParam, response: { 200: ok } },
    config: { roles: ROLES.staffWrite, organization: true },
  }, (req) => req.inOrganization(async ({ trx, organizationId, audit }) => {
    const before = await trx.selectFrom('certificate_types').selectAll().where('id', '=', req.params.id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!before) throw notFound();
    const used = await trx.selectFrom('staff_certificates').select('id').where('certificate_type_id', '=', before.id).executeTakeFirst();
    const templates = await trx.selectFrom('staff_excels').select('cells').where('organization_id', '=', organizationId).execute();
    const mapped = templates.some((t) => (JSON.parse(t.cells) as { type: string; certificate_type_id?: number }[])
      .some((c) => c.type === 'certificate' && c.certificate_type_id === before.id));
    if (used || mapped) throw conflict({ id: ['validate.error.in_use'] });
    await trx.deleteFrom('certificate_types').where('id', '=', before.id).execute();
    await audit({ action: 'delete', target_type: 'certificate_type', target_id: before.id, before });
    return { message: 'OK' };
  }));
}
