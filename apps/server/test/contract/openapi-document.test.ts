import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

type Operation = {
  security?: unknown;
  responses: Record<string, { content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }>;
  requestBody?: { required?: boolean; content: Record<string, unknown> };
};
type Document = {
  openapi: string;
  security?: unknown;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

const ERROR_BODY = { $ref: '#/components/schemas/ErrorResponse' };
const op = (method: string, path: string): Operation => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
};
const errorSchema = (o: Operation, status: number) => o.responses[String(status)]?.content?.['application/json']?.schema;

describe('the API reference document', () => {
  it('is OpenAPI 3.1 with no security declared for the whole API', () => {
    expect(doc.openapi.startsWith('3.1')).toBe(true);
    expect(doc.security).toBeUndefined();
  });

  it('documents sign-in and the public settings with the fingerprint only, signed links with nothing', () => {
    expect(op('post', '/api/admin/account/login').security).toEqual([{ fingerprint: [] }]);
    expect(op('get', '/api/settings').security).toEqual([{ fingerprint: [] }]);
    expect(op('get', '/api/files/signed/{a}/{b}').security).toEqual([]);
  });

  it('documents a staff route with bearer and fingerprint and its 400/401/403/404 with the shared error body', () => {
    const read = op('get', '/api/admin/organization/staff/{id}');
    expect(read.security).toEqual([{ bearer: [], fingerprint: [] }]);
    for (const status of [400, 401, 403, 404, 500]) expect(errorSchema(read, status), String(status)).toEqual(ERROR_BODY);
    expect(doc.components.schemas.ErrorResponse).toEqual({
      type: 'object',
      required: ['message'],
      properties: {
        message: { type: 'string' },
        errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        // Issue 26: a refusal for want of a role names the roles that would do and who grants them.
        // Issue 41: the review's refusals (the author approving, a step out of stage, publishing the unapproved).
        key: {
          type: 'string',
          enum: [
            'permission.role_missing',
            'validate.error.edited_elsewhere',
            'validate.error.version_required',
            'review.error.own_version',
            'review.error.not_approver',
            'review.error.not_approved',
            'review.error.wrong_stage',
            'review.error.workflow_off',
            'review.error.second_approver_missing',
            'review.error.stages_invalid',
          ],
        },
        required_roles: { type: 'array', items: { type: 'string' } },
        granted_by: { type: 'array', items: { type: 'string' } },
        // Issue 36: a stale write's 409 and a write without a version's 428.
        statusCode: { type: 'integer' },
        error: { type: 'string' },
        conflict: { type: 'object' },
        conflicts: { type: 'array', items: { type: 'object' } },
      },
    });
  });

  it('documents If-Match, 409 and 428 on the writes that check a version (issue 36), not on creates', () => {
    const update = op('put', '/api/admin/organization/staff/{id}');
    expect((update as { parameters?: unknown[] }).parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'If-Match' })]),
    );
    for (const status of [409, 428]) expect(errorSchema(update, status), String(status)).toEqual(ERROR_BODY);
    const batch = op('delete', '/api/admin/organization/staff/batch');
    expect(errorSchema(batch, 428)).toEqual(ERROR_BODY);
    const create = op('post', '/api/admin/organization/staff');
    expect(create.responses['428']).toBeUndefined();
  });

  it('documents what a route declares or its kind implies: sign-in refusals, 405 on the append-only log, 409 on writes, uploads as forms', () => {
    const login = op('post', '/api/admin/account/login');
    for (const status of [401, 423, 429]) expect(errorSchema(login, status), String(status)).toEqual(ERROR_BODY);
    expect(login.responses['429']!.headers).toHaveProperty('Retry-After');
    expect(login.responses['403']).toBeUndefined();
    expect(errorSchema(op('post', '/api/admin/audit-log'), 405)).toEqual(ERROR_BODY);
    expect(op('get', '/api/admin/audit-log/index').responses['405']).toBeUndefined();
    expect(errorSchema(op('post', '/api/admin/organization/staff'), 409)).toEqual(ERROR_BODY);
    expect(op('get', '/api/admin/organization/staff/index').responses['409']).toBeUndefined();
    const photo = op('post', '/api/admin/organization/staff/{id}/photo');
    expect(photo.requestBody).toMatchObject({ required: true, content: { 'multipart/form-data': expect.anything() } });
    for (const status of [413, 415, 422]) expect(errorSchema(photo, status), String(status)).toEqual(ERROR_BODY);
  });

  it('documents the 503 of a dependency away on every call and the 507 of a full disk on every write', () => {
    for (const [method, path] of [
      ['post', '/api/admin/file/upload'],
      ['post', '/api/admin/photo/upload'],
      ['post', '/api/admin/organization/certificate-type'],
      ['get', '/api/files/signed/{a}/{b}'],
    ] as const) {
      const o = op(method, path);
      expect(errorSchema(o, 503), `${method} ${path}`).toEqual(ERROR_BODY);
      expect(o.responses['503']!.headers, `${method} ${path}`).toHaveProperty('Retry-After');
      expect(errorSchema(o, 507), `${method} ${path}`).toEqual(ERROR_BODY);
    }
    expect(errorSchema(op('get', '/api/admin/file/index'), 503)).toEqual(ERROR_BODY);
    expect(op('get', '/api/admin/file/index').responses['507']).toBeUndefined();
  });

  it('gives every operation its security and at least the 400 and 500 answers', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, o] of Object.entries(ops)) {
        expect(o.security, `${method} ${path}`).toBeDefined();
        expect(errorSchema(o, 400), `${method} ${path}`).toEqual(ERROR_BODY);
        expect(errorSchema(o, 500), `${method} ${path}`).toEqual(ERROR_BODY);
      }
    }
  });
});
