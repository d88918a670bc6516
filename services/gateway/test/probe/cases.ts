import { BAD_UTF8, WRONG_BODIES, WRONG_IDS, wrongQueryValues, wrongValues, type Schema } from './corpus';
import {
  ACCEPTED,
  BASE_BODIES,
  EXTRA_WRONG,
  idKind,
  NO_INPUT,
  UNPROBED,
  type Ids,
  type ProbeContext,
} from './routes';

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

export interface ProbeCase {
  route: string;
  /** What is wrong, for the failure list. */
  what: string;
  method: string;
  url: string;
  /** The raw JSON text sent, if any. */
  body?: string;
  /** True when the request is wrong: it must answer 4xx. Otherwise it must only not answer 5xx. */
  wrong: boolean;
}

/** Every route of the document as "METHOD /path". */
export const routesOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );

function resolve(document: OpenApiDocument, schema: Schema): Schema {
  if (schema.$ref) return resolve(document, document.components.schemas[schema.$ref.split('/').pop()!]);
  if (schema.allOf?.length === 1)
    return { ...resolve(document, schema.allOf[0]), ...schema, allOf: undefined };
  return schema;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const accepted = (route: string, field: string, value: unknown) =>
  (ACCEPTED[route]?.[field] ?? []).some((candidate) => Object.is(candidate, value));

/** The body with one field (or one field of a nested object or list item) made wrong. */
function fieldCases(
  document: OpenApiDocument,
  route: string,
  schema: Schema,
  base: Record<string, unknown>,
  prefix = '',
): { what: string; body: unknown }[] {
  const cases: { what: string; body: unknown }[] = [];
  for (const name of schema.required ?? []) {
    const { [name]: _dropped, ...rest } = base;
    cases.push({ what: `${prefix}${name} missing`, body: rest });
  }
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const field = resolve(document, raw);
    const path = `${prefix}${name}`;
    const values = [...wrongValues(field), ...(EXTRA_WRONG[route]?.[path] ?? [])];
    for (const value of values) {
      if (accepted(route, path, value)) continue;
      cases.push({ what: `${path} = ${describe(value)}`, body: { ...base, [name]: value } });
    }
    if (field.properties) {
      const inner = isObject(base[name]) ? base[name] : {};
      for (const nested of fieldCases(document, route, field, inner, `${path}.`))
        cases.push({ what: nested.what, body: { ...base, [name]: nested.body } });
    }
    const items = field.items && resolve(document, field.items);
    if (items?.properties) {
      const list = Array.isArray(base[name]) ? base[name] : [];
      const first = isObject(list[0]) ? list[0] : {};
      for (const nested of fieldCases(document, route, items, first, `${path}.0.`))
        cases.push({ what: nested.what, body: { ...base, [name]: [nested.body] } });
    }
  }
  return cases;
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 30)}… (${text.length} chars)` : text;
}

/** The schema of one of a route's bodies: the alternative of a oneOf that fits its fields. */
function bodySchema(document: OpenApiDocument, schema: Schema, base: Record<string, unknown>): Schema {
  const resolved = resolve(document, schema);
  if (!resolved.oneOf) return resolved;
  const fits = resolved.oneOf
    .map((alternative) => resolve(document, alternative))
    .find((alternative) => Object.keys(base).every((key) => key in (alternative.properties ?? {})));
  if (!fits) throw new Error(`no alternative of the body fits ${JSON.stringify(base)}`);
  return fits;
}

/** The whole walk for one caller, destructive routes last; throws on a route it cannot probe. */
export function probeCases(document: OpenApiDocument, context: ProbeContext): ProbeCase[] {
  const cases: ProbeCase[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [lower, operation] of Object.entries(operations)) {
      const method = lower.toUpperCase();
      const route = `${method} ${path}`;
      if (UNPROBED[route]) continue;
      cases.push(...routeCases(document, route, method, path, operation, context));
    }
  }
  return [
    ...cases.filter((probe) => probe.method !== 'DELETE'),
    ...cases.filter((probe) => probe.method === 'DELETE'),
  ];
}

/** The route's path with each id replaced: the caller's own, unless given. */
export function urlWith(path: string, ids: Ids, replace: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, param: string) => {
    if (param in replace) return replace[param];
    const kind = idKind(path, param);
    if (!kind)
      throw new Error(`${path}: the probe does not know what {${param}} names (probe/routes.ts idKind)`);
    return ids[kind];
  });
}

/** The path parameters of a route. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

/** The first valid body of a route, as JSON text, or undefined when it takes none. */
export function baseBody(route: string, context: ProbeContext): string | undefined {
  const base = BASE_BODIES[route]?.(context)[0];
  return base && JSON.stringify(base);
}

function routeCases(
  document: OpenApiDocument,
  route: string,
  method: string,
  path: string,
  operation: Operation,
  context: ProbeContext,
): ProbeCase[] {
  const cases: ProbeCase[] = [];
  const own = urlWith(path, context.ids);
  const schema = operation.requestBody?.content['application/json']?.schema;
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const params = pathParams(path);
  if (schema && !BASE_BODIES[route])
    throw new Error(`${route} takes a body: give the probe a valid one (probe/routes.ts BASE_BODIES)`);
  const body = schema ? baseBody(route, context) : undefined;

  for (const param of params)
    for (const id of WRONG_IDS)
      cases.push({
        route,
        what: `{${param}} = ${id}`,
        method,
        url: urlWith(path, context.ids, { [param]: id }),
        body,
        wrong: true,
      });

  // Required query parameters keep a valid value while another is made wrong.
  const validQuery = query
    .filter((parameter) => parameter.required)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(String(parameter.schema.example ?? 'a'))}`);
  for (const parameter of query) {
    const others = validQuery.filter((pair) => !pair.startsWith(`${parameter.name}=`));
    const at = (pairs: string[]) => `${own}?${[...others, ...pairs].join('&')}`;
    if (parameter.required)
      cases.push({
        route,
        what: `${parameter.name} missing`,
        method,
        url: others.length ? at([]) : own,
        body,
        wrong: true,
      });
    for (const value of wrongQueryValues(parameter.schema))
      cases.push({
        route,
        what: `?${parameter.name}=${value.slice(0, 30)}`,
        method,
        url: at([`${parameter.name}=${value}`]),
        body,
        wrong: true,
      });
    if (!parameter.schema.enum && !parameter.schema.format && parameter.schema.type === 'string')
      for (const value of BAD_UTF8)
        cases.push({
          route,
          what: `?${parameter.name}=${value}`,
          method,
          url: at([`${parameter.name}=${value}`]),
          body,
          wrong: false,
        });
    cases.push({
      route,
      what: `?${parameter.name} twice`,
      method,
      url: at([`${parameter.name}=a`, `${parameter.name}=b`]),
      body,
      wrong: true,
    });
  }

  if (schema) {
    const sent = (text: string) => ({
      method,
      url: validQuery.length ? `${own}?${validQuery.join('&')}` : own,
      body: text,
      wrong: true,
    });
    for (const wrong of WRONG_BODIES) cases.push({ route, what: `body: ${wrong.name}`, ...sent(wrong.raw) });
    for (const base of BASE_BODIES[route](context)) {
      for (const wrong of fieldCases(document, route, bodySchema(document, schema, base), base))
        cases.push({ route, what: wrong.what, ...sent(JSON.stringify(wrong.body)) });
    }
  }

  if (!schema && !params.length && !query.length) {
    if (!NO_INPUT.has(route))
      throw new Error(
        `${route} takes no input: list it in probe/routes.ts NO_INPUT or UNPROBED, with the reason`,
      );
    const junk = '?x=%00&limit=-1&__proto__=1&storeId=%ED%A0%80';
    if (method === 'GET')
      cases.push({ route, what: 'junk query', method, url: `${own}${junk}`, wrong: false });
    else
      for (const wrong of WRONG_BODIES)
        cases.push({ route, what: `body: ${wrong.name}`, method, url: own, body: wrong.raw, wrong: true });
  }
  return cases;
}
