import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';

type OpenApiSchema = Record<string, unknown>;
/** What fast-json-stringify needs of a schema: the shape, nothing else. */
export interface SerializerSchema {
  type?: string | string[];
  properties?: Record<string, SerializerSchema>;
  items?: SerializerSchema;
  additionalProperties?: boolean | SerializerSchema;
}

const REF_PREFIX = '#/components/schemas/';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Thrown for a schema fast-json-stringify cannot serialize faithfully; that route keeps JSON.stringify. */
class NotSerializable extends Error {}

/**
 * The answer's schema for fast-json-stringify, from the OpenAPI document's: references inlined,
 * `nullable` as a `null` type, and no `required` (a missing optional field must not become a 500).
 * A schema with `oneOf`/`anyOf` is refused: picking the branch would validate every answer.
 */
export function toSerializerSchema(
  schema: OpenApiSchema,
  components: Record<string, OpenApiSchema>,
  seen: string[] = [],
): SerializerSchema {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.slice(REF_PREFIX.length);
    if (seen.includes(name) || !components[name]) throw new NotSerializable(schema.$ref);
    return toSerializerSchema(components[name], components, [...seen, name]);
  }
  if (schema.oneOf || schema.anyOf) throw new NotSerializable('oneOf/anyOf');
  const { allOf, nullable } = schema as { allOf?: OpenApiSchema[]; nullable?: boolean };
  if (allOf) {
    if (allOf.length !== 1) throw new NotSerializable('allOf');
    const inner = toSerializerSchema(allOf[0], components, seen);
    return nullable ? orNull(inner) : inner;
  }
  const out: SerializerSchema = {};
  const { type, properties, items, additionalProperties } = schema as {
    type?: string;
    properties?: Record<string, OpenApiSchema>;
    items?: OpenApiSchema;
    additionalProperties?: boolean | OpenApiSchema;
  };
  if (type) out.type = type;
  if (properties) {
    out.type ??= 'object';
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, toSerializerSchema(value, components, seen)]),
    );
  }
  if (items) out.items = toSerializerSchema(items, components, seen);
  if (typeof additionalProperties === 'object')
    out.additionalProperties = toSerializerSchema(additionalProperties, components, seen);
  // An object the document does not describe field by field is sent as it is.
  if (out.type === 'object' && !out.properties && !out.additionalProperties) out.additionalProperties = true;
  return nullable ? orNull(out) : out;
}

function orNull(schema: SerializerSchema): SerializerSchema {
  if (!schema.type) return schema;
  return { ...schema, type: [...[schema.type].flat(), 'null'] };
}

/**
 * The JSON answers' schemas of every operation of the document, by `METHOD /fastify/:path`. An
 * operation whose answers cannot all be serialized faithfully is left out.
 */
export function responseSerializers(document: OpenAPIObject): Map<string, Record<string, SerializerSchema>> {
  const components = (document.components?.schemas ?? {}) as Record<string, OpenApiSchema>;
  const routes = new Map<string, Record<string, SerializerSchema>>();
  for (const [path, item] of Object.entries(document.paths)) {
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    for (const method of METHODS) {
      const responses = item[method]?.responses ?? {};
      try {
        const byStatus: Record<string, SerializerSchema> = {};
        for (const [status, response] of Object.entries(responses)) {
          const schema = (response as { content?: Record<string, { schema?: OpenApiSchema }> }).content?.[
            'application/json'
          ]?.schema;
          if (schema) byStatus[status] = toSerializerSchema(schema, components);
        }
        if (Object.keys(byStatus).length) routes.set(`${method.toUpperCase()} ${url}`, byStatus);
      } catch (error) {
        if (!(error instanceof NotSerializable)) throw error;
      }
    }
  }
  return routes;
}

/**
 * Fastify serializes each JSON answer with fast-json-stringify from its OpenAPI schema: faster than
 * JSON.stringify, and a field the contracts do not name never leaves the gateway. Must be called
 * before the routes are registered (before `app.init()`).
 */
export function serializeResponses(fastify: FastifyInstance, document: OpenAPIObject): void {
  const serializers = responseSerializers(document);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const response = serializers.get(`${method} ${route.url}`);
      if (response) route.schema = { ...route.schema, response };
    }
  });
}
