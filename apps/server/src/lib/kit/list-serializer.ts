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
 * Issue 15, goal 2: the resource kit's lists are serialised by fast-json-stringify compiled from the
 * response schema instead of being re-validated by zod and then stringified. The shape is already
 * guaranteed (views come from the repository's typed `toView`), and what the schema guarantees still
 * holds: only the properties it declares are written, so a column a view did not mean to send never
 * leaves the server. A schema that has no JSON Schema form falls back to the zod serializer.
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
  try {
    const json = simplify(z.toJSONSchema(route.schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }));
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]) as (data: unknown) => string;
  }
}
