import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { driveCheckBody, driveCheckResponse, lineMessageBody, lineMessageResponse } from '@bo/shared/schemas/operations';
import { checkDriveFolder } from '../../lib/integrations/google-drive.ts';
import { pushLineText } from '../../lib/integrations/line-push.ts';

/**
 * The operations tools of spec section 7 (issue 13, parts 4 and 5), for super admins: a LINE message
 * through the Messaging API, and what the configured Google service account may do in a Drive folder.
 * Both audited; neither token nor key is ever answered or logged.
 */
export async function integrationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['operations'];
  const config = {
    roles: ROLES.debug,
    errors: [409, 429, 502] as const,
    version: { unversioned: 'an operations tool: sends a message or checks a folder elsewhere, changes no record' },
  };

  app.post(
    '/api/admin/send-line-message',
    {
      schema: {
        tags,
        description:
          "Pushes a text message to a LINE user, group or room (LINE_MESSAGING_ACCESS_TOKEN). LINE's refusals are answered with LINE's " +
          'own words: 502 (4xx from LINE), 429 (LINE rate limit), 502 LINE is unavailable; 409 when not configured.',
        body: lineMessageBody,
        response: { 200: lineMessageResponse },
      },
      config,
    },
    async (req) => {
      const { target, message } = req.body;
      const who = { ip: req.ip };
      try {
        const { requestId } = await pushLineText(app.config.integrations.line, target, message);
        await req.write('admin', ({ audit }) =>
          audit({
            action: 'send',
            target_type: 'line_message',
            target_id: null,
            after: { target, length: message.length, request_id: requestId },
          }),
        );
        return { sent: true as const, request_id: requestId };
      } catch (e) {
        req.log.warn({ ...who, target, err: e instanceof Error ? e.message : String(e) }, 'LINE message refused');
        await req.write('admin', ({ audit }) =>
          audit({
            action: 'send_failed',
            target_type: 'line_message',
            target_id: null,
            after: { target, length: message.length, error: e instanceof Error ? e.message : String(e) },
          }),
        );
        throw e;
      }
    },
  );

  app.post(
    '/api/admin/test-google-drive-permission',
    {
      schema: {
        tags,
        description:
          'What the configured service account (GOOGLE_SERVICE_ACCOUNT_KEY_FILE) may do in a Drive folder: read, write, or why not ' +
          '(not_found: missing or not shared with it; not_a_folder). 409 when not configured or the key is unusable, 502 when Google refuses.',
        body: driveCheckBody,
        response: { 200: driveCheckResponse },
      },
      config,
    },
    async (req) => {
      const access = await checkDriveFolder(app.config.integrations.drive, req.body.folder_id);
      await req.write('admin', ({ audit }) =>
        audit({
          action: 'test_permission',
          target_type: 'google_drive',
          target_id: req.body.folder_id,
          after: { can_read: access.can_read, can_write: access.can_write, reason: access.reason },
        }),
      );
      return access;
    },
  );
}
