/**
 * Shared schemas for the OpenAPI document. The generator describes each route's body and answer inline;
 * this pass moves every object schema into `components.schemas` once and leaves a `$ref` where it was,
 * so a type answered by forty routes (a savings account, a page of clients) is written once. That is
 * what makes the document small enough for a reference page to open quickly, and it gives readers a
 * list of models by name.
 */

type Schema = Record<string, unknown>;

/**
 * The name the generator suggests for a schema (its GraphQL type, or the route it answers). A symbol key:
 * spreads (`{ ...schema, description }`) keep it and JSON.stringify leaves it out.
 */
const SCHEMA_NAME = Symbol('schema name');
type Named = { [SCHEMA_NAME]?: string };

export function withSchemaName<T extends Schema>(schema: T, name: string): T {
  return Object.assign(schema, { [SCHEMA_NAME]: name });
}

/** Objects with fewer properties than this stay inline: a `$ref` to `{id, value}` reads worse than the object. */
const MIN_PROPERTIES = 3;

const isObjectSchema = (s: Schema): boolean =>
  s.type === 'object' && typeof s.properties === 'object' && s.properties !== null && Object.keys(s.properties).length >= MIN_PROPERTIES;

/** `SavingsAccount`, then `SavingsAccount2`... for different selections of one type; names are component keys. */
function uniqueName(base: string, taken: Set<string>): string {
  const clean = base.replace(/[^A-Za-z0-9_]/g, '') || 'Object';
  let name = clean;
  for (let n = 2; taken.has(name); n++) name = `${clean}${n}`;
  taken.add(name);
  return name;
}

/**
 * A function that replaces, children first, every object schema under a schema by a `$ref` to a component,
 * one component per distinct schema text across the whole document. A field's description stays beside
 * its `$ref` (3.1 allows it), so one type described differently in two places is still one component.
 */
export function schemaHoister(components: Record<string, Schema>): (schema: Schema, suggested: string) => Schema {
  const byText = new Map<string, string>();
  const taken = new Set(Object.keys(components));
  const hoist = (schema: Schema, suggested: string): Schema => {
    const { description, ...copy } = schema;
    const name = (schema as Named)[SCHEMA_NAME] ?? suggested;
    if (copy.properties) {
      copy.properties = Object.fromEntries(
        Object.entries(copy.properties as Record<string, Schema>).map(([key, child]) => [key, hoist(child, `${name}${key[0]!.toUpperCase()}${key.slice(1)}`)]),
      );
    }
    if (copy.items && typeof copy.items === 'object') copy.items = hoist(copy.items as Schema, name.replace(/s$/, ''));
    for (const key of ['anyOf', 'oneOf'] as const) {
      if (Array.isArray(copy[key])) copy[key] = (copy[key] as Schema[]).map((alt) => hoist(alt, name));
    }
    if (!isObjectSchema(copy)) return description === undefined ? copy : { ...copy, description };
    const text = JSON.stringify(copy);
    let ref = byText.get(text);
    if (!ref) {
      ref = uniqueName(name, taken);
      byText.set(text, ref);
      components[ref] = copy;
    }
    return { $ref: `#/components/schemas/${ref}`, ...(description === undefined ? {} : { description }) };
  };
  return hoist;
}
