import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod's `X | null` is `anyOf: [X, {type: 'null'}]`; fast-json-stringify would try each branch with a
 * validator on every value. Written as X with `nullable: true` it writes null or X directly.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nonNull = anyOf.filter((s) => s.type !== 'null');
    if (nonNull.length === 1 && !nonNull[0]!.anyOf && !nonNull[0]!.oneOf) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...nonNull[0], nullable: true };
    }
  }
  return out;
}

/**
 * Issue 15, goal 2: the resource kit's lists are serialised from the response schema instead of being
 * re-validated by zod and then stringified. The shape is already guaranteed (views come from the
 * repository's typed `toView`), and what the schema guarantees still holds: only the properties it
 * declares are written, so a column a view did not mean to send never leaves the server. A schema
 * that has no JSON Schema form falls back to the zod serializer.
 */
export const listSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  // Compiled on the route's first answer, not at start-up: a restart compiles none of them (issue 15, goal 3).
  let serialize: ((data: unknown) => string) | null = null;
  return (data: unknown) => {
    serialize ??= compile(route);
    return serialize(data);
  };
};

function compile(route: Parameters<FastifySerializerCompiler<z.ZodType>>[0]): (data: unknown) => string {
  let json: JsonSchema;
  try {
    json = simplify(z.toJSONSchema(route.schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' })) as JsonSchema;
  } catch {
    return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]) as (data: unknown) => string;
  }
  const write = fastJson(json as unknown as Parameters<typeof fastJson>[0]);
  const project = projection(json);
  if (!project) return write;
  return (data) => {
    let copy: unknown;
    try {
      copy = project(data);
    } catch (err) {
      if (err === MISFIT) return write(data);
      throw err;
    }
    return JSON.stringify(copy);
  };
}

/**
 * Issue 40: on this Node, `JSON.stringify` of a copy holding only what the schema declares costs less
 * than fast-json-stringify's string building (its output is a rope of thousands of pieces, flattened
 * again when the socket writes it). The copy is what fast-json-stringify would write: the declared
 * properties (required ones first, as it orders them), nothing else. A value that is not of its
 * declared type (which fast-json-stringify would coerce, or refuse) makes the copy give up with
 * MISFIT, and that answer is written by fast-json-stringify as before.
 */
const MISFIT = new Error('list-serializer: a value not of its declared type');
type Project = (value: unknown) => unknown;

/** Keywords that say nothing about what is written (descriptions). */
const ANNOTATIONS = ['$schema', 'title', 'description', 'examples', 'deprecated', 'readOnly', 'writeOnly'];
/** Checks fast-json-stringify does not make (it infers a missing `type` from some: not handled untyped). */
const CHECKS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
];
const SHAPES = ['type', 'nullable', 'properties', 'required', 'additionalProperties', 'items', 'const', 'format'];
const KNOWN = new Set([...ANNOTATIONS, ...CHECKS, ...SHAPES]);
const UNTYPED = new Set(ANNOTATIONS);
/** Formats fast-json-stringify writes a string of as it is (it formats only Date values for them). */
const PLAIN_STRING_FORMATS = new Set([undefined, 'date-time', 'date', 'time', 'email', 'uri', 'uuid', 'regex']);
const PRIMITIVE: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';

/** The copying function of a schema node, or null when the node uses a keyword the copy does not handle. */
function projection(node: JsonSchema): Project | null {
  if (Object.keys(node).some((k) => !KNOWN.has(k))) return null;
  if (!PLAIN_STRING_FORMATS.has(node.format as string | undefined)) return null;
  let types = node.type === undefined ? [] : Array.isArray(node.type) ? (node.type as string[]) : [node.type as string];
  let nullable = node.nullable === true;
  if (types.length > 1) {
    // [X, 'null'] only: other unions are written by whichever branch fast-json-stringify tries first.
    if (types.length !== 2 || !types.includes('null')) return null;
    types = types.filter((t) => t !== 'null');
    nullable = true;
  }
  const type = types[0];
  if (type === undefined) {
    // Any value (`z.unknown()`): fast-json-stringify writes it with JSON.stringify too.
    if (Object.keys(node).some((k) => !UNTYPED.has(k))) return null;
    return (v) => (typeof v === 'function' || typeof v === 'symbol' ? misfit() : v);
  }
  if ('const' in node) {
    const c = node.const;
    if (c !== null && typeof c === 'object') return null;
    return (v) => (v === c || (nullable && v === null) ? v : misfit());
  }
  if (type === 'object') return objectProjection(node, nullable);
  if (type === 'array') {
    if (node.items === undefined || Array.isArray(node.items) || typeof node.items !== 'object') return null;
    const item = projection(node.items as JsonSchema);
    if (!item) return null;
    return (v) => {
      if (v === null && nullable) return null;
      if (!Array.isArray(v)) return misfit();
      const out = new Array(v.length);
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (x === undefined) return misfit();
        out[i] = item(x);
      }
      return out;
    };
  }
  const check = PRIMITIVE[type];
  if (!check) return null;
  return nullable ? (v) => (v === null || check(v) ? v : misfit()) : (v) => (check(v) ? v : misfit());
}

function objectProjection(node: JsonSchema, nullable: boolean): Project | null {
  const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((node.required ?? []) as string[]);
  const extra = node.additionalProperties;
  const names = Object.keys(properties);
  if ([...required].some((k) => !names.includes(k))) return null;
  if (extra !== undefined && extra !== false) {
    // A record: every own property written by one schema (with declared properties too, the order
    // fast-json-stringify writes them in is not worth copying).
    if (names.length || extra === true || typeof extra !== 'object') return null;
    const value = projection(extra as JsonSchema);
    if (!value) return null;
    return (v) => {
      if (v === null && nullable) return null;
      if (!isPlainObject(v)) return misfit();
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) if (v[k] !== undefined) out[k] = value(v[k]);
      return out;
    };
  }
  // Required properties first, each group in declaration order: the order fast-json-stringify writes.
  const ordered = [...names.filter((k) => required.has(k)), ...names.filter((k) => !required.has(k))];
  const copies: Project[] = [];
  for (const k of ordered) {
    const p = projection(properties[k]!);
    if (!p) return null;
    copies.push(p);
  }
  const isRequired = ordered.map((k) => required.has(k));
  const n = ordered.length;
  return (v) => {
    if (v === null && nullable) return null;
    if (!isPlainObject(v)) return misfit();
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const k = ordered[i]!;
      const x = v[k];
      if (x === undefined) {
        if (isRequired[i]) return misfit();
        continue;
      }
      out[k] = copies[i]!(x);
    }
    return out;
  };
}

function misfit(): never {
  throw MISFIT;
}
