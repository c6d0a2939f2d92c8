import { recordVersion } from '../../lib/context/record-versions.ts';
import type { VersionDeclaration } from '../../lib/context/version-check.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listQuery, listResponse } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import {
  MAIL_LOCALES,
  MAIL_STATUSES,
  MAIL_TEMPLATE_NAMES,
  type MailLocale,
  type MailTemplateName,
  mailDeliveryStatusSchema,
  mailPreviewBody,
  mailPreviewSchema,
  mailSendTestBody,
  mailTemplateBody,
  mailTemplateSchema,
  outboxMailSchema,
  outboxRowSchema,
} from '@bo/shared/schemas/mail';
import type { ReadDb } from '../../db/database.ts';
import { AppError, badRequest, conflict, fieldErrorsOf, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/context/request-context.ts';
import { documentHistoryRoutes, restoreMarks, type RestoredFrom } from '../../lib/kit/document-history.ts';
import { sanitizeFields } from '../../lib/html/sanitize-pool.ts';
import { deliveryStatus, openBody, renderTemplate, templateText } from '../../lib/mail/outbox.ts';
import {
  deleteTemplateOverride,
  findOutboxMail,
  findOutboxRow,
  outboxPage,
  requeueOutboxMail,
  saveTemplateOverride,
} from '../../lib/mail/mail.repository.ts';
import { templateProblems } from '../../lib/mail/render.ts';
import { linksStayLocal } from '../../lib/link-origin.ts';
import { TEMPLATES, allVariables, sampleValues as samplesOf, templateDefinition } from '../../lib/mail/templates.ts';

const templateParam = z.object({ name: z.enum(MAIL_TEMPLATE_NAMES) });
const templateLocaleParam = templateParam.extend({ locale: z.enum(MAIL_LOCALES) });
const outboxQuery = listQuery(['id', 'created_at', 'to_address'] as const, {
  status: z.enum(MAIL_STATUSES).optional(),
  template: z.enum(MAIL_TEMPLATE_NAMES).optional(),
});

/**
 * Mail templates and the outbox (issue 10; spec: GET /api/admin/mail/templates), super admins only:
 * the debug menu's mail-template screen edits, previews, resets and test-sends; the outbox screen
 * reads and resends.
 */
export async function mailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];
  const roles = ROLES.debug;
  // Test mails and previews link to this server's PUBLIC_URL (and the site's URL): a test mail checks that setting.
  const origins = { app: app.config.publicUrl, site: app.config.site.url };
  const sampleValues = (name: MailTemplateName, locale: MailLocale) => samplesOf(templateDefinition(name), locale, origins);

  /** One template in one locale, whose version its save and its reset send back (issue 36). */
  const templateVersion: VersionDeclaration = {
    target: 'mail_template',
    id: (req) => {
      const { name, locale } = req.params as { name: string; locale: string };
      return `${name}:${locale}`;
    },
  };

  fastify.recordReaders.add({
    target: 'mail_template',
    roles,
    find: async (_ctx, id) => {
      const [name, locale] = id.split(':');
      return TEMPLATES.some((t) => t.name === name) && (MAIL_LOCALES as readonly string[]).includes(locale ?? '') ? {} : undefined;
    },
  });

  const describeTemplate = async (db: ReadDb, name: MailTemplateName) => {
    const def = templateDefinition(name);
    const locales = {} as Record<MailLocale, z.infer<typeof mailTemplateSchema>['locales'][MailLocale]>;
    for (const locale of MAIL_LOCALES) {
      const text = await templateText(db, name, locale);
      const rendered = await renderTemplate(db, name, locale, sampleValues(name, locale), text);
      locales[locale] = {
        subject: text.subject,
        html: text.html,
        text: rendered.text,
        customised: text.customised,
        updated_at: text.updated_at,
        version: (await recordVersion(db, 'mail_template', `${name}:${locale}`)).version,
      };
    }
    const samples = sampleValues(name, 'zh-TW');
    return {
      name,
      variables: allVariables(def).map((v) => ({ name: v.name, secret: v.secret, sample: samples[v.name] ?? v.sample['zh-TW'] })),
      locales,
    };
  };

  /** A template's text as its save stores it: through the mail allow-list (no script, on*= or javascript:), placeholders kept. */
  const checkedText = async (name: MailTemplateName, body: { subject: string; html: string }, who: string) => {
    const text = { subject: body.subject, html: (await sanitizeFields('mail', { html: body.html }, who)).html! };
    if (!text.html.trim()) throw badRequest({ html: ['validate.error.required'] });
    const problems = templateProblems(templateDefinition(name), text);
    if (Object.keys(problems).length) throw badRequest(problems);
    return text;
  };

  /** Saves the administrator's version, audited `update`, or `restore` naming the history entry it put back. */
  const storeTemplate = async (
    { trx, principal: actor, audit }: RequestContext,
    name: MailTemplateName,
    locale: MailLocale,
    text: { subject: string; html: string },
    restored?: RestoredFrom,
  ) => {
    const before = await templateText(trx, name, locale);
    await saveTemplateOverride(trx, {
      template: name,
      locale,
      subject: text.subject,
      html: text.html,
      updated_by: actor.id,
      updated_at: new Date().toISOString(),
    });
    const target = {
      target_type: 'mail_template',
      target_id: `${name}:${locale}`,
      before: { subject: before.subject, html: before.html },
    } as const;
    await audit(
      restored
        ? { ...target, action: 'restore', after: { ...text, ...restoreMarks(restored) } }
        : { ...target, action: 'update', after: text },
    );
  };

  /** `name:locale` as the audit names one template in one locale, or undefined. */
  const templateOf = (id: string): { name: MailTemplateName; locale: MailLocale } | undefined => {
    const [name, locale, ...rest] = id.split(':');
    if (rest.length || !TEMPLATES.some((t) => t.name === name) || !(MAIL_LOCALES as readonly string[]).includes(locale ?? ''))
      return undefined;
    return { name: name as MailTemplateName, locale: locale as MailLocale };
  };

  // History and restore per field (docs/history.md), as a kit resource's: `/api/admin/history/mail_template/<name>:<locale>`.
  documentHistoryRoutes(fastify, {
    target: 'mail_template',
    roles: { read: roles, restore: roles },
    idOf: (id) => (templateOf(id) ? id : undefined),
    current: async (ctx, id) => {
      const { name, locale } = templateOf(id)!;
      const text = await templateText(ctx.db, name, locale);
      return { subject: text.subject, html: text.html };
    },
    restore: async (ctx, id, values, restored) => {
      const { name, locale } = templateOf(id)!;
      const now = await templateText(ctx.db, name, locale);
      const body = { subject: now.subject, html: now.html, ...values } as { subject: string; html: string };
      const parsed = mailTemplateBody.safeParse(body);
      if (!parsed.success) throw badRequest(fieldErrorsOf(parsed.error));
      await storeTemplate(ctx, name, locale, await checkedText(name, parsed.data, `admin:${ctx.principal.id}`), restored);
      return describeTemplate(ctx.db, name);
    },
    view: mailTemplateSchema,
  });

  app.get(
    '/api/admin/mail/templates',
    {
      schema: {
        tags,
        description: 'Every mail template, per locale the text in force (edited or default) and its variables.',
        response: { 200: z.object({ data: z.array(mailTemplateSchema) }) },
      },
      config: { roles },
    },
    async (req) => {
      const { db } = req.read('admin');
      return { data: await Promise.all(TEMPLATES.map((t) => describeTemplate(db, t.name))) };
    },
  );

  app.put(
    '/api/admin/mail/templates/:name/:locale',
    {
      schema: {
        tags,
        description:
          "Saves an administrator's version of a template in one locale. Unknown variables, or a secret one (code, link) in the subject, are 400.",
        params: templateLocaleParam,
        body: mailTemplateBody,
        response: { 200: mailTemplateSchema },
      },
      config: { roles, version: templateVersion },
    },
    async (req) => {
      const { name, locale } = req.params;
      const text = await checkedText(name, req.body, `admin:${req.actor.id}`);
      await req.write('admin', (ctx) => storeTemplate(ctx, name, locale, text));
      return describeTemplate(req.read('admin').db, name);
    },
  );

  app.delete(
    '/api/admin/mail/templates/:name/:locale',
    {
      schema: {
        tags,
        description: 'Resets a template in one locale to the default.',
        params: templateLocaleParam,
        response: { 200: mailTemplateSchema },
      },
      config: { roles, version: templateVersion },
    },
    async (req) => {
      const { name, locale } = req.params;
      await req.write('admin', async ({ trx, audit }) => {
        const before = await templateText(trx, name, locale);
        if (!before.customised) return;
        await deleteTemplateOverride(trx, name, locale);
        await audit({
          action: 'reset',
          target_type: 'mail_template',
          target_id: `${name}:${locale}`,
          before: { subject: before.subject, html: before.html },
        });
      });
      return describeTemplate(req.read('admin').db, name);
    },
  );

  app.post(
    '/api/admin/mail/templates/:name/preview',
    {
      schema: {
        tags,
        description: 'The mail as sent, with sample data: the saved template, or a draft.',
        params: templateParam,
        body: mailPreviewBody,
        response: { 200: mailPreviewSchema },
      },
      config: { roles, version: { unversioned: 'a preview: renders, writes nothing' } },
    },
    async (req) => {
      const { name } = req.params;
      const { locale } = req.body;
      const inDraft = (problems: Record<string, string[]>) =>
        badRequest(Object.fromEntries(Object.entries(problems).map(([k, v]) => [`draft.${k}`, v])));
      // The preview shows what saving the draft would store.
      const draft =
        req.body.draft &&
        (await sanitizeFields('mail', { html: req.body.draft.html }, `admin:${req.actor.id}`).then(
          ({ html }) => ({ ...req.body.draft!, html: html! }),
          (e: unknown) => {
            throw e instanceof AppError && e.errors ? inDraft(e.errors) : e;
          },
        ));
      if (draft) {
        const problems = templateProblems(templateDefinition(name), draft);
        if (Object.keys(problems).length) throw inDraft(problems);
      }
      return renderTemplate(req.read('admin').db, name, locale, sampleValues(name, locale), draft);
    },
  );

  app.post(
    '/api/admin/mail/templates/:name/send-test',
    {
      schema: {
        tags,
        description: 'Queues the template with sample data to an address (through the outbox).',
        params: templateParam,
        body: mailSendTestBody,
        response: { 200: z.object({ id: z.number() }) },
      },
      config: { roles, version: { unversioned: 'queues a test mail: changes no record' } },
    },
    async (req) =>
      req.write('admin', async ({ audit, sendMail }) => {
        const { name } = req.params;
        const id = await sendMail({
          to: req.body.to.toLowerCase(),
          template: name,
          locale: req.body.locale,
          variables: sampleValues(name, req.body.locale),
        });
        await audit({
          action: 'send_test',
          target_type: 'mail_template',
          target_id: `${name}:${req.body.locale}`,
          after: { to: req.body.to },
        });
        return { id };
      }),
  );

  app.get(
    '/api/admin/mail/outbox',
    {
      schema: {
        tags,
        description: 'The outbox, newest first; never the bodies (GET …/outbox/{id} reads one).',
        querystring: outboxQuery,
        response: { 200: listResponse(outboxRowSchema) },
      },
      config: { roles },
    },
    async (req) => {
      const { status, template, keyword, ...page } = req.query;
      return outboxPage(req.read('admin').db, { status, template, keyword }, page);
    },
  );

  app.get(
    '/api/admin/mail/status',
    {
      schema: {
        tags,
        description:
          "Whether mail is going out: the mails waiting, and when some wait after a failed attempt (a wrong SMTP password, no TLS), the server's last reason. Shown on the overview and the outbox.",
        response: { 200: mailDeliveryStatusSchema },
      },
      config: { roles },
    },
    async (req) => {
      const origin = req.linkConfig.publicUrl;
      return {
        smtp_configured: app.mailer.enabled,
        link_origin: origin,
        links_local: linksStayLocal(origin),
        ...(await deliveryStatus(req.read('admin').db)),
      };
    },
  );

  app.get(
    '/api/admin/mail/outbox/:id',
    {
      schema: {
        tags,
        description:
          'One queued or sent mail with its body and the link it carries, if any (a sign-in code or a reset link can be in it: super admins only).',
        params: idParam,
        response: { 200: outboxMailSchema },
      },
      config: { roles },
    },
    async (req) => {
      const row = await findOutboxMail(req.read('admin').db, req.params.id);
      if (!row) throw notFound();
      const { body, ...rest } = row;
      const opened = openBody(app.config, body);
      return { ...rest, html: opened?.html ?? null, text: opened?.text ?? null, link: opened?.link ?? null };
    },
  );

  app.post(
    '/api/admin/mail/outbox/:id/resend',
    {
      schema: {
        tags,
        description: 'Queues a sent or failed mail again (409 while it is still pending or sending).',
        params: idParam,
        response: { 200: outboxRowSchema },
      },
      config: { roles, errors: [409], version: { unversioned: 'queues a mail again: the outbox keeps its own state' } },
    },
    async (req) => {
      const row = await req.write('admin', async ({ trx, audit }) => {
        const mail = await findOutboxRow(trx, req.params.id);
        if (!mail) throw notFound();
        if (mail.status === 'pending' || mail.status === 'sending') throw conflict({ id: ['mail.error.already_queued'] });
        await requeueOutboxMail(trx, mail.id, new Date().toISOString());
        await audit({ action: 'resend', target_type: 'mail', target_id: mail.id, before: { status: mail.status } });
        return (await findOutboxRow(trx, mail.id))!;
      });
      app.mailer.kick();
      return row;
    },
  );
}
