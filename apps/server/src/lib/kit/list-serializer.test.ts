import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listResponse } from '@bo/shared/list';
import { listSerializerCompiler } from './list-serializer.ts';

const view = z.object({
  id: z.number(),
  name: z.string(),
  nickname: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  actor: z.object({ id: z.number(), email: z.string() }).nullable(),
  tags: z.array(z.string()),
  photos: z.array(z.object({ url: z.string(), size_list: z.record(z.string(), z.object({ url: z.string() })) })),
  before: z.unknown(),
  published: z.boolean(),
});
const schema = listResponse(view);
const compile = (s: z.ZodType) => listSerializerCompiler({ schema: s, method: 'GET', url: '/x', httpStatus: '200' } as never);
const zodWay = (s: z.ZodType) => serializerCompiler({ schema: s, method: 'GET', url: '/x', httpStatus: '200' } as never);

const row = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `名字 "${id}" </script>`,
  nickname: id % 2 ? null : '暱稱',
  status: 'active',
  actor: id % 2 ? null : { id: 7, email: 'a@example.com' },
  tags: ['甲', 'b\\c'],
  photos: [{ url: '/p.jpg', size_list: { tiny: { url: '/t.jpg' } } }],
  before: id % 2 ? null : { nested: [1, 'x', { deep: true }] },
  published: id % 3 === 0,
  ...extra,
});

describe('the kit list serializer', () => {
  it('writes what the zod serializer writes', () => {
    const data = { data: [row(1), row(2), row(3)], meta: { page: 1, per_page: 20, total: 3, last_page: 1 } };
    expect(JSON.parse(compile(schema)(data))).toEqual(JSON.parse(zodWay(schema)(data)));
  });

  it('never writes a property the schema does not declare', () => {
    const data = {
      data: [row(2, { password_hash: '$argon2id$secret', actor: { id: 1, email: 'a@example.com', token: 'leak' } })],
      meta: { page: 1, per_page: 20, total: 1, last_page: 1, debug: 'x' },
    };
    const out = compile(schema)(data);
    expect(out).not.toContain('argon2');
    expect(out).not.toContain('leak');
    expect(out).not.toContain('debug');
  });

  it('writes the same bytes as fast-json-stringify, also for a value it would coerce', () => {
    const fjs = fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as never);
    const data = { data: [row(1), row(2), row(3)], meta: { page: 1, per_page: 20, total: 3, last_page: 1 } };
    expect(compile(schema)(data)).toBe(fjs(data));
    // A number where a string is declared: fast-json-stringify writes it as a string, and so does the fallback.
    const odd = { data: [row(4, { name: 42 })], meta: { page: 1, per_page: 20, total: 1, last_page: 1 } };
    expect(compile(schema)(odd)).toBe(fjs(odd));
    expect(JSON.parse(compile(schema)(odd)).data[0].name).toBe('42');
  });

  it('refuses a row missing a required property, as fast-json-stringify does', () => {
    const { name: _, ...nameless } = row(5);
    expect(() => compile(schema)({ data: [nameless], meta: { page: 1, per_page: 20, total: 1, last_page: 1 } })).toThrow(/required/);
  });

  it('falls back to the zod serializer for a schema with no JSON Schema form', () => {
    const odd = z.object({ when: z.date() });
    const write = compile(odd);
    expect(write({ when: new Date('2026-01-02T03:04:05Z') })).toBe(zodWay(odd)({ when: new Date('2026-01-02T03:04:05Z') }));
  });
});
