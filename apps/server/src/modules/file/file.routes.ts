import { pipeline, Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import {
  FILE_PATH_PATTERN,
  fileCreateViaDataBody,
  fileDownloadBody,
  fileSchema,
  fileUploadQuery,
  privateFileParams,
  signedLinkOpensQuery,
  signedLinkOpensResponse,
  signedUrlBody,
  signedUrlResponse,
} from '@bo/shared/schemas/file';
import { idParam } from '@bo/shared/list';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { SNIFF_BYTES } from '../../lib/images/sniff.ts';
import { newUid } from '../../lib/media/uid.ts';
import { readPart, uploadedFile } from '../../lib/uploads/multipart.ts';
import { peek } from '../../lib/uploads/peek.ts';
import { limitBytes, tooLarge } from '../../lib/uploads/size-limit.ts';
import { storeThenRecord } from '../../lib/uploads/store-then-record.ts';
import { cleanFileName } from '../../lib/uploads/file-name.ts';
import { detectFileType, mimeForKey } from '../../lib/media/file-types.ts';
import { findFileForSignedLink, recordSignedLinkOpen } from './file.repository.ts';
import { fileReads, fileService } from './file.service.ts';
import { sendStored } from '../../lib/media/send-stored.ts';
import { LinkSigner, SIGNED_PATH_PREFIX, signedLinkParts, signedPath, signerMayRead } from './signed-links.ts';

/** Keys of public objects must look generated: anything else (traversal, encodings, odd bytes) is 400. */
const PUBLIC_KEY = /^public\/(?:[A-Za-z0-9_-]{1,64}\/){1,3}[A-Za-z0-9_-]{1,64}(?:\.[a-z0-9]{1,10})?$/;
const RAW_TRAVERSAL = /%2e|%2f|%5c|%00|\\|\0|(^|\/)\.\.?(\/|$|\?)/i;

/** The file manager's calls beyond the kit's (spec section 7): uploads, downloads and signed links. */
export async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['file'];
  const max = app.config.uploadMaxBytes;
  const signer = new LinkSigner(app.config.jwtSecret);
  // PUBLIC_URL (or the start-up address), never the request's Host or X-Forwarded-Host: a forged header must not mint links to another origin.
  const baseUrl = app.config.publicUrl;

  /** Any file, stored as it came: its type from its bytes first and its name second (file-types.ts). */
  const store = async (req: FastifyRequest, o: { name: string; folder: string; isPrivate: boolean; head: Buffer; body: Readable }) => {
    const detected = detectFileType(o.name, o.head);
    const uid = newUid();
    const key = `${o.isPrivate ? 'private' : 'public'}/files/${uid}.${detected.ext}`;
    const limited = limitBytes(max);
    pipeline(o.body, limited, () => {});
    return storeThenRecord(app.storage, req.log, [{ key, body: limited, contentType: detected.mime }], ([{ size }]) =>
      req.write('admin', (ctx) =>
        fileService(ctx).record({ uid, name: o.name, folder: o.folder, isPrivate: o.isPrivate, detected, key, size }),
      ),
    );
  };

  app.post(
    '/api/admin/file/upload',
    {
      schema: { tags, querystring: fileUploadQuery, response: { 200: fileSchema } },
      config: { roles: ROLES.file, version: 'create' },
    },
    async (req) => {
      const part = await uploadedFile(req, max);
      return readPart(part, max, async (file) => {
        const { head, body } = await peek(file, SNIFF_BYTES);
        return store(req, { name: cleanFileName(part.filename), folder: req.query.folder, isPrivate: req.query.private, head, body });
      });
    },
  );

  app.post(
    '/api/admin/file/create-via-data',
    {
      schema: { tags, body: fileCreateViaDataBody, response: { 200: fileSchema } },
      config: { roles: ROLES.file, version: 'create' },
      bodyLimit: Math.ceil(max * 1.4) + 64 * 1024,
    },
    async (req) => {
      const { content, encoding } = req.body;
      if (encoding === 'base64' && !/^[A-Za-z0-9+/_-]*={0,2}$/.test(content.replace(/\s+/g, '')))
        throw badRequest({ content: [VALIDATION_KEYS.invalid] });
      const data = Buffer.from(encoding === 'base64' ? content.replace(/\s+/g, '') : content, encoding === 'base64' ? 'base64' : 'utf8');
      if (data.length > max) throw tooLarge(max);
      return store(req, {
        name: cleanFileName(req.body.name),
        folder: req.body.folder,
        isPrivate: req.body.private,
        head: data.subarray(0, SNIFF_BYTES),
        body: Readable.from([data]),
      });
    },
  );

  app.post(
    '/api/admin/file/download',
    {
      schema: { tags, body: fileDownloadBody },
      config: { roles: ROLES.file, version: { unversioned: 'a download: reads files, writes nothing' } },
    },
    async (req, reply) => {
      const row = await fileReads(req.read('admin')).row(req.body.id);
      if (!row) throw notFound();
      return sendStored(req, reply, app.storage, row.storage_key, {
        mime: row.mime,
        name: row.name,
        attachment: true,
        cacheControl: 'private, no-store',
      });
    },
  );

  app.get(
    '/api/admin/file/get-private-file/:a/:b',
    {
      schema: { tags, params: privateFileParams },
      config: { roles: ROLES.file },
    },
    async (req, reply) => {
      const row = await fileReads(req.read('admin')).rowByUid(req.params.a);
      if (!row?.is_private || row.name !== req.params.b) throw notFound();
      return sendStored(req, reply, app.storage, row.storage_key, { mime: row.mime, name: row.name, cacheControl: 'private, no-store' });
    },
  );

  app.post(
    '/api/admin/file/signed-url',
    {
      schema: { tags, body: signedUrlBody, response: { 200: signedUrlResponse } },
      config: { roles: ROLES.file, version: { unversioned: 'signs a link to a file: audited, changes no record' } },
    },
    async (req) => {
      const [, visibility, uid, name] = FILE_PATH_PATTERN.exec(req.body.path)!;
      // Authorize the path before signing: the caller must be able to read it now.
      const row = await fileReads(req.read('admin')).rowByUid(uid);
      if (!row || row.name !== name || (visibility === 'private') !== (row.is_private === 1)) throw notFound();
      const ttl = Math.min(req.body.ttl, app.config.signedUrlMaxTtlSeconds);
      const payload = req.body.payload === undefined ? '' : Buffer.from(JSON.stringify(req.body.payload)).toString('base64url');
      const path = signedPath(row.uid, row.name);
      const { query: qs, expires } = signer.link(path, req.actor.id, ttl, payload);
      const expiresAt = new Date(expires * 1000).toISOString();
      await req.write('admin', (ctx) =>
        fileService(ctx).signedLink(row, { ttl, expires_at: expiresAt, payload: req.body.payload ?? null }),
      );
      return { url: `${baseUrl}${path}?${qs}`, expires_at: expiresAt, ttl };
    },
  );

  app.get(
    '/api/admin/file/:id/signed-link-opens',
    {
      schema: {
        tags,
        description:
          "Who opened the file's signed links, newest first: when, from which address and browser, and which link (its signer, " +
          "when it was signed, until when, its note). 404 for a file outside the caller's organization.",
        params: idParam,
        querystring: signedLinkOpensQuery,
        response: { 200: signedLinkOpensResponse },
      },
      config: { roles: ROLES.file },
    },
    async (req) => {
      const reads = fileReads(req.read('admin'));
      const row = await reads.row(req.params.id);
      if (!row) throw notFound();
      return reads.linkOpens(row, req.query);
    },
  );

  app.get(
    `${SIGNED_PATH_PREFIX}/:a/:b`,
    {
      schema: {
        tags,
        params: privateFileParams,
        // Read leniently: a missing or malformed part is a link that does not verify (403), not a bad request.
        querystring: z.object({ e: z.unknown(), i: z.unknown(), s: z.unknown(), p: z.unknown(), sig: z.unknown() }).partial(),
      },
      // It records the opening: a write, which a full disk refuses.
      config: { roles: 'public', fingerprint: false, errors: [507] },
    },
    async (req, reply) => {
      const parts = signedLinkParts(signedPath(req.params.a, req.params.b), req.query);
      if (!parts || !signer.verify(parts, req.query.sig as string)) throw forbidden('Invalid signature');
      const { expires: e, issued: i, signer: s, payload: p } = parts;
      if (e * 1000 <= Date.now()) throw forbidden('Link expired');
      const db = req.read('visitor').db;
      const row = await findFileForSignedLink(db, req.params.a);
      if (!row || row.name !== req.params.b) throw notFound();
      // The link speaks for its signer: one disabled, gone from the file's organization or without a file role opens nothing.
      if (!(await signerMayRead(db, s, row))) throw forbidden('Link revoked');
      // Recorded once the object is there: an opening S3 could not serve (503) or a missing object (404) is no opening.
      return sendStored(req, reply, app.storage, row.storage_key, {
        mime: row.mime,
        name: row.name,
        cacheControl: 'private, no-store',
        onFound: () =>
          req.write('visitor', ({ trx }) =>
            recordSignedLinkOpen(trx, {
              file_id: row.id,
              organization_id: row.organization_id,
              signer_id: s,
              signed_at: new Date(i * 1000).toISOString(),
              expires_at: new Date(e * 1000).toISOString(),
              payload: p ? Buffer.from(p, 'base64url').toString('utf8').slice(0, 2000) : null,
              ip: req.ip ?? null,
              user_agent: (req.headers['user-agent'] ?? '').slice(0, 500) || null,
            }),
          ),
      });
    },
  );

  app.get(
    '/api/files/public/*',
    {
      schema: { tags },
      config: { roles: 'public', fingerprint: false },
    },
    async (req, reply) => {
      const rawPath = req.raw.url!.split('?')[0];
      const key = `public/${(req.params as { '*': string })['*']}`;
      if (RAW_TRAVERSAL.test(rawPath) || !PUBLIC_KEY.test(key)) throw badRequest();
      return sendStored(req, reply, app.storage, key, { mime: mimeForKey(key), cacheControl: 'public, max-age=31536000, immutable' });
    },
  );
}
