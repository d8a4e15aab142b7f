import assert from 'node:assert/strict';

/**
 * Checks REST answers against the service's own OpenAPI document: the one helper end-to-end tests use
 * to prove that what is documented is what is sent. A small JSON Schema subset (type, properties,
 * required, additionalProperties: false, items, enum, anyOf/oneOf, $ref), which is all the generator writes.
 */
type Response = { $ref?: string; content?: { 'application/json'?: { schema: Schema } } };
export type OpenApiDocument = {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components: { schemas: Record<string, Schema>; responses?: Record<string, Response> };
};

/** A schema with its `$ref` followed (the generator shares every object schema as a component). */
export function deref<S extends Schema>(doc: { components: { schemas: Record<string, S> } }, schema: S): S {
  return typeof schema.$ref === 'string' ? deref(doc, doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]!) : schema;
}

type Schema = Record<string, unknown>;

const PREFIXES = ['/fineract-provider/api/v1', '/api/v1'];

/** The document's path template for a concrete request path (`/offices/7` -> `/offices/{officeId}`), literal segments first. */
export function templateFor(doc: OpenApiDocument, requestPath: string): string | undefined {
  const bare = requestPath.split('?')[0]!;
  const relative = PREFIXES.reduce((p, prefix) => (p.startsWith(`${prefix}/`) ? p.slice(prefix.length) : p), bare);
  const segments = relative.split('/');
  const candidates = Object.keys(doc.paths).filter((template) => {
    const parts = template.split('/');
    return parts.length === segments.length && parts.every((part, i) => part.startsWith('{') || part === decodeURIComponent(segments[i]!));
  });
  // The most literal template wins: /offices/external-id/{x} before /offices/{officeId}/{...}.
  return candidates.sort((a, b) => b.split('/').filter((p) => !p.startsWith('{')).length - a.split('/').filter((p) => !p.startsWith('{')).length)[0];
}

/** Every mismatch between `value` and `schema`, as JSON-pointer-ish paths. */
export function schemaErrors(doc: OpenApiDocument, schema: Schema, value: unknown, at = ''): string[] {
  if (typeof schema.$ref === 'string') return schemaErrors(doc, doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]!, value, at);
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const each = alternatives.map((alt) => schemaErrors(doc, alt, value, at));
    return each.some((e) => e.length === 0) ? [] : [`${at || '/'}: matches none of ${alternatives.length} alternatives (${each.map((e) => e[0]).join(' | ')})`];
  }
  const errors: string[] = [];
  const type = schema.type as string | undefined;
  const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (type && !(type === actual || (type === 'number' && actual === 'integer'))) return [`${at || '/'}: expected ${type}, got ${actual}`];
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) errors.push(`${at}: ${JSON.stringify(value)} is not one of the enum`);
  if (actual === 'array' && schema.items) (value as unknown[]).forEach((item, i) => errors.push(...schemaErrors(doc, schema.items as Schema, item, `${at}/${i}`)));
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in object)) errors.push(`${at}/${key}: required but absent`);
    for (const [key, item] of Object.entries(object)) {
      if (properties[key]) errors.push(...schemaErrors(doc, properties[key], item, `${at}/${key}`));
      else if (schema.additionalProperties === false) errors.push(`${at}/${key}: not documented`);
    }
  }
  return errors;
}

/** What a test saw of an answer (test/support/service.ts's HttpResult has these). */
interface AnswerSeen {
  status: number;
  body: unknown;
  text: string;
}

/** Asserts that a REST answer is what the document says this path and method answer with this status. */
export function assertDocumented(doc: OpenApiDocument, method: string, requestPath: string, res: AnswerSeen): void {
  const template = templateFor(doc, requestPath);
  assert.ok(template, `${method} ${requestPath} is not in the OpenAPI document`);
  const operation = doc.paths[template][method.toLowerCase()];
  assert.ok(operation, `${method} ${template} is not in the OpenAPI document`);
  const listed = operation.responses[String(res.status)];
  assert.ok(listed, `${method} ${template} does not document status ${res.status}`);
  const response = listed.$ref ? doc.components.responses?.[listed.$ref.replace('#/components/responses/', '')] : listed;
  assert.ok(response, `${method} ${template}: ${listed.$ref} does not resolve`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return;
  const errors = schemaErrors(doc, schema, res.body);
  assert.deepEqual(errors, [], `${method} ${requestPath} (${res.status}) does not match its documented schema: ${res.text.slice(0, 500)}`);
}
