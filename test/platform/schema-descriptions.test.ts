import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isTypeDefinitionNode, Kind, parse } from 'graphql';
import { readCommittedSupergraph } from '../../router/supergraph.js';

/** Federation's own machinery, not part of what a frontend engineer reads. */
const FEDERATION = /^(_Service|_Entity|_Any|link__.*|join__.*|__.*)$/;

/** Every type, field, argument and enum value of the public schema without a description, by coordinate. */
export function undocumented(sdl: string): string[] {
  const missing: string[] = [];
  const blank = (d: { description?: { value: string } | undefined }) => !d.description?.value.trim();
  for (const def of parse(sdl).definitions) {
    if (!isTypeDefinitionNode(def) || FEDERATION.test(def.name.value)) continue;
    const type = def.name.value;
    if (def.kind === Kind.OBJECT_TYPE_DEFINITION && ['Query', 'Mutation', 'Subscription'].includes(type)) {
      // Root types are containers; their fields carry the meaning.
    } else if (blank(def)) missing.push(type);
    if (def.kind === Kind.ENUM_TYPE_DEFINITION) {
      for (const v of def.values ?? []) if (blank(v)) missing.push(`${type}.${v.name.value}`);
    }
    if (
      def.kind === Kind.OBJECT_TYPE_DEFINITION ||
      def.kind === Kind.INTERFACE_TYPE_DEFINITION ||
      def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION
    ) {
      for (const f of def.fields ?? []) {
        if (f.name.value.startsWith('_')) continue; // _entities, _service
        if (blank(f)) missing.push(`${type}.${f.name.value}`);
        if (f.kind === Kind.FIELD_DEFINITION) {
          for (const a of f.arguments ?? []) if (blank(a)) missing.push(`${type}.${f.name.value}(${a.name.value}:)`);
        }
      }
    }
  }
  return missing;
}

describe('the public schema is documented', () => {
  test('the check notices a missing description on a type, field, argument and enum value', () => {
    const sdl = `"""doc""" type A { """doc""" x(y: Int): Int z: Int } enum E { """doc""" P Q } type B { """doc""" w: Int }`;
    assert.deepEqual(undocumented(sdl), ['A.x(y:)', 'A.z', 'E', 'E.Q', 'B']);
  });

  test('every type, field, argument and enum value of schema/supergraph.graphql has a description', () => {
    const missing = undocumented(readCommittedSupergraph());
    assert.deepEqual(missing, [], `${missing.length} without a description:\n${missing.join('\n')}`);
  });
});
