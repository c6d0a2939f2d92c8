import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { contactListQuery, publicContactInput, type Contact } from '@bo/shared/schemas/contact';
import { loadAppConfig } from '../../lib/app-config.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { verifyRecaptcha } from '../../lib/recaptcha.ts';
import { websiteContactEmail } from '../../lib/website-identity.repository.ts';
import { sendXlsx, streamXlsx, type XlsxColumn } from '../../lib/xlsx-stream.ts';
import { activeAdminsWithRoles, contacts, filterContacts, insertContact } from './contact.repository.ts';
import { handlesContacts } from './contact.service.ts';

/** Five messages from one client address in ten minutes, twenty a day: enough for people, not for a script. */
export const CONTACT_PACING = { perTenMinutes: 5, perDay: 20 } as const;

const COLUMNS: readonly XlsxColumn<Contact>[] = [
  { header: '編號 Id', width: 8, value: (c) => c.id },
  { header: '收到時間 Received', width: 22, value: (c) => c.created_at },
  { header: '狀態 Status', width: 10, value: (c) => c.status },
  { header: '姓名 Name', width: 18, value: (c) => c.name },
  { header: '電子郵件 Email', width: 28, value: (c) => c.email },
  { header: '電話 Phone', width: 16, value: (c) => c.phone },
  { header: '公司 Company', width: 22, value: (c) => c.company },
  { header: '訊息 Message', width: 60, value: (c) => c.message },
  { header: '負責人 Assignee', width: 20, value: (c) => c.assignee?.name ?? null },
  { header: '處理備註 Note', width: 40, value: (c) => c.handler_note },
  { header: '處理時間 Handled', width: 22, value: (c) => c.handled_at },
];

export async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/contact/export',
    {
      schema: {
        tags: ['contact'],
        querystring: contactListQuery.omit({ page: true, per_page: true, sort: true, order: true }),
        description: 'The contacts the filters match (as the index), newest first, as an .xlsx workbook, streamed.',
      },
      config: { roles: ROLES.contact },
    },
    async (req, reply) => {
      const { db, scope } = req.read('admin');
      await req.write('admin', (ctx) => ctx.audit({ action: 'export', target_type: 'contact', after: req.query }));
      const book = streamXlsx(req.log, (wb) =>
        wb.sheet(
          '聯絡表單 Contacts',
          COLUMNS,
          contacts.batches(db, scope, req.query.keyword, (qb) => filterContacts(qb, req.query)),
        ),
      );
      return sendXlsx(reply, `contacts-${new Date().toISOString().slice(0, 10)}.xlsx`, book);
    },
  );

  app.get(
    '/api/admin/contact/assignees',
    {
      schema: {
        tags: ['contact'],
        description: 'Who a contact can be assigned to: active admins who handle contacts (ROLE_CONTACT) and super admins.',
        response: { 200: z.object({ data: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })) }) },
      },
      config: { roles: ROLES.contact },
    },
    async (req) => {
      const rows = await activeAdminsWithRoles(req.read('admin').db);
      return { data: rows.filter((a) => handlesContacts(a.roles)).map(({ id, name, email }) => ({ id, name, email })) };
    },
  );

  app.post(
    '/api/public/contact',
    {
      schema: {
        tags: ['public-content'],
        description:
          "The site's contact form: stored as a new contact and mailed through the outbox to the e-mail in the website settings (the support address, app config supportEmail, when the site has none). " +
          `reCAPTCHA applies when configured (423); ${CONTACT_PACING.perTenMinutes} per client address in ten minutes and ${CONTACT_PACING.perDay} a day (429). ` +
          'Bad input is 400 with a translation key per field (spec section 5).',
        body: publicContactInput,
        response: { 200: z.object({ received: z.literal(true) }) },
      },
      config: { roles: 'public', fingerprint: false, errors: [404, 423, 429], version: 'create' },
    },
    async (req) => {
      const short = await app.rateLimits.hit(`contact:ip:${req.ip}`, 600);
      if (short.count > CONTACT_PACING.perTenMinutes) throw tooManyRequests(Math.max(1, short.ttl));
      const day = await app.rateLimits.hit(`contact:ip-day:${req.ip}`, 86_400);
      if (day.count > CONTACT_PACING.perDay) throw tooManyRequests(Math.max(1, day.ttl));
      const { recaptcha, ...input } = req.body;
      await verifyRecaptcha(app.config, recaptcha, req.ip);
      await req.write('visitor', async (ctx) => {
        const id = await insertContact(ctx.trx, input, req.ip, new Date().toISOString());
        await ctx.audit({
          action: 'receive',
          target_type: 'contact',
          target_id: id,
          after: { ...input, status: 'new' },
        });
        const to = (await websiteContactEmail(ctx.trx)) ?? (await loadAppConfig(ctx.trx)).supportEmail;
        await ctx.sendMail({
          to,
          template: 'contact_received',
          locale: 'zh-TW',
          variables: {
            contactName: input.name,
            contactEmail: input.email,
            contactPhone: input.phone ?? '—',
            company: input.company ?? '—',
            message: input.message,
            link: `${req.linkConfig.publicUrl}/admin/contact?entry=${id}`,
          },
        });
      });
      return { received: true as const };
    },
  );
}
