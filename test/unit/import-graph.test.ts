import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import madge from 'madge';
import ts from 'typescript';

/** The files `file` imports or re-exports with `import type` / `export type` only (paths as madge gives them). */
function typeOnlyImports(file: string): Set<string> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = new Set<string>();
  for (const statement of source.statements) {
    const typeOnly = ts.isImportDeclaration(statement) ? statement.importClause?.isTypeOnly === true : ts.isExportDeclaration(statement) && statement.isTypeOnly;
    const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (typeOnly && specifier && ts.isStringLiteral(specifier)) found.add(join(dirname(file), specifier.text).replace(/\.js$/, '.ts'));
  }
  return found;
}

/**
 * The import graph of the TypeScript sources (type imports included): no circle anywhere, and every import
 * runs down the layers. The kernel knows no module; a module reaches another only through the ports the
 * composition root (subgraphs/composition/, entered through subgraphs/registry.ts) wires; nothing under
 * subgraphs/ imports the edge. Across modules, a file imports only types (`import type`) from another
 * module's published contract (`<module>/contract.ts`). Which module may be wired to which, and whose
 * contract a module may read: test/unit/module-graph.test.ts.
 */
describe('import graph', () => {
  test('has no circles and no import from a lower layer to a higher one or across modules', async () => {
    const graph = await madge(['subgraphs', 'router', 'rest-compat', 'scripts', 'bench', 'test'], { fileExtensions: ['ts'], tsConfig: 'tsconfig.json' });
    assert.deepEqual(graph.circular(), []);
    // Values (money, dates, errors, identity, ports), then machinery (pools, servers, executor, relay, bus),
    // then the modules, the composition root (composition/ and registry.ts), and the edge, scripts and tests.
    const layer = (file: string) =>
      file.startsWith('subgraphs/kernel/') ? 0
        : file.startsWith('subgraphs/platform/') ? 1
          : file === 'subgraphs/registry.ts' || file.startsWith('subgraphs/composition/') ? 3
            : file.startsWith('subgraphs/') ? 2
              : 4;
    const moduleOf = (file: string) => file.split('/').slice(0, 2).join('/');
    const wrong: string[] = [];
    for (const [file, imports] of Object.entries(graph.obj())) {
      for (const imported of imports) {
        if (layer(imported) > layer(file)) wrong.push(`${file} imports ${imported} (a higher layer)`);
        if (layer(file) === 2 && layer(imported) === 2 && moduleOf(file) !== moduleOf(imported)) {
          const published = imported === `${moduleOf(imported)}/contract.ts` && typeOnlyImports(file).has(imported);
          if (!published) wrong.push(`${file} imports ${imported} (another module, not \`import type\` from its contract.ts)`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });
});
