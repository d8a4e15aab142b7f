import 'reflect-metadata';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';

/**
 * The module graph that runs, as declared (docs/adr/0010-module-template-and-graph.md): each module names
 * the modules it depends on (`dependsOn` in `<module>.module.ts`), the declared graph has no cycle, the
 * composition root wires a module only to what it declared, and a module reads only the published
 * contracts (`contract.ts`) of the modules it depends on. Every reach of a module into another is an
 * adapter file `subgraphs/composition/adapters/<consumer>-from-<provider>.ts`; `wiring.ts` touches a
 * module's services only by handing them to those adapters.
 */

/** Folders under subgraphs/ that are not modules: shared layers and the composition root. */
const NOT_MODULES = new Set(['kernel', 'platform', 'composition', 'workflows']);
const MODULES = readdirSync('subgraphs', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_MODULES.has(entry.name))
  .map((entry) => entry.name)
  .sort();
const ADAPTERS = 'subgraphs/composition/adapters';
const ADAPTER_NAME = /^([a-z]+)-from-([a-z]+)\.ts$/;

async function declaredGraph(): Promise<Map<string, readonly string[]>> {
  const graph = new Map<string, readonly string[]>();
  for (const module of MODULES) {
    const file = (await import(`../../subgraphs/${module}/${module}.module.js`)) as { dependsOn?: readonly string[] };
    assert.ok(Array.isArray(file.dependsOn), `subgraphs/${module}/${module}.module.ts exports no dependsOn`);
    graph.set(module, file.dependsOn);
  }
  return graph;
}

/** A cycle of the graph as a path (a -> b -> a), or null. */
function cycleOf(graph: Map<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (module: string, path: string[]): string[] | null => {
    if (state.get(module) === 'done') return null;
    if (state.get(module) === 'open') return [...path.slice(path.indexOf(module)), module];
    state.set(module, 'open');
    for (const next of graph.get(module) ?? []) {
      const found = visit(next, [...path, module]);
      if (found) return found;
    }
    state.set(module, 'done');
    return null;
  };
  for (const module of graph.keys()) {
    const found = visit(module, []);
    if (found) return found;
  }
  return null;
}

const adapterFiles = () => readdirSync(ADAPTERS).filter((name) => name.endsWith('.ts')).sort();

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The module folders a source file imports from (`../../<module>/...` from an adapter, `../<module>/...` from wiring.ts). */
function importedModules(file: string, prefix: string): string[] {
  const modules: string[] = [];
  for (const statement of parse(file).statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (specifier.startsWith(prefix)) modules.push(specifier.slice(prefix.length).split('/')[0]!);
  }
  return modules.filter((module) => MODULES.includes(module));
}

/** Every .ts file under a folder. */
const sourcesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));

describe('module graph', () => {
  test('every module declares its dependencies, on modules that exist, and the graph has no cycle', async () => {
    const graph = await declaredGraph();
    for (const [module, dependsOn] of graph) {
      for (const dependency of dependsOn) {
        assert.ok(MODULES.includes(dependency), `${module} depends on ${dependency}, which is not a module`);
        assert.notEqual(dependency, module, `${module} depends on itself`);
      }
    }
    assert.equal(cycleOf(graph)?.join(' -> ') ?? null, null, 'the declared module graph has a cycle');
  });

  test('the wiring uses exactly the declared graph: one adapter per consumer and provider, importing only those two', async () => {
    const graph = await declaredGraph();
    const wired = new Set<string>();
    for (const name of adapterFiles()) {
      const match = ADAPTER_NAME.exec(name);
      if (!match) assert.fail(`${ADAPTERS}/${name}: adapters are named <consumer>-from-<provider>.ts`);
      const consumer = match[1]!;
      const provider = match[2]!;
      assert.ok(graph.get(consumer)?.includes(provider), `${name} wires ${consumer} to ${provider}, which ${consumer}'s dependsOn does not declare`);
      const strangers = importedModules(`${ADAPTERS}/${name}`, '../../').filter((module) => module !== consumer && module !== provider);
      assert.deepEqual(strangers, [], `${name} imports a module other than ${consumer} and ${provider}`);
      wired.add(`${consumer}-from-${provider}`);
    }
    // Declared and not wired would draw a graph that is not the one that runs.
    const unwired = [...graph].flatMap(([consumer, dependsOn]) => dependsOn.map((provider) => `${consumer}-from-${provider}`)).filter((pair) => !wired.has(pair));
    assert.deepEqual(unwired, [], 'a declared dependency has no adapter');
  });

  test("wiring.ts hands a module's services only to the adapters of that module, and creates each module from its own adapters", () => {
    const file = 'subgraphs/composition/wiring.ts';
    const source = parse(file);
    // Adapter functions, by the file that exports them.
    const adapterOf = new Map<string, { consumer: string; provider: string }>();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const match = /^\.\/adapters\/([a-z]+)-from-([a-z]+)\.js$/.exec(statement.moduleSpecifier.text);
      const bindings = statement.importClause?.namedBindings;
      if (!match || !bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) adapterOf.set(element.name.text, { consumer: match[1]!, provider: match[2]! });
    }
    const wrong: string[] = [];
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node, creating: string | null) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const created = /^create([A-Z][a-z]+)Services$/.exec(node.expression.text);
        if (created) creating = created[1]!.toLowerCase();
        const adapter = adapterOf.get(node.expression.text);
        if (adapter && creating !== null && adapter.consumer !== creating) wrong.push(`${where(node)}: ${node.expression.text} wires ${adapter.consumer}, inside ${creating}'s creation`);
      }
      if (ts.isIdentifier(node) && MODULES.includes(node.text)) {
        const parent = node.parent;
        const named = (ts.isVariableDeclaration(parent) || ts.isPropertySignature(parent) || ts.isPropertyAssignment(parent)) && parent.name === node;
        const returned = ts.isShorthandPropertyAssignment(parent) && ts.isReturnStatement(parent.parent.parent);
        const member = ts.isPropertyAccessExpression(parent) && parent.name === node;
        const call = ts.isCallExpression(parent) && parent.arguments.includes(node) && ts.isIdentifier(parent.expression) ? adapterOf.get(parent.expression.text) : undefined;
        const handed = call !== undefined && (call.consumer === node.text || call.provider === node.text);
        if (!named && !returned && !member && !handed) wrong.push(`${where(node)}: ${node.text}'s services used outside an adapter of ${node.text}`);
      }
      ts.forEachChild(node, (child) => visit(child, creating));
    };
    visit(source, null);
    assert.deepEqual(wrong, []);
    assert.ok(adapterOf.size > 0, 'wiring.ts imports its adapters');
  });

  test("a module reads another's contract only when it depends on that module", async () => {
    const graph = await declaredGraph();
    const wrong: string[] = [];
    for (const module of MODULES) {
      for (const file of sourcesUnder(`subgraphs/${module}`)) {
        for (const statement of parse(file).statements) {
          if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
          if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
          const target = /^subgraphs\/([a-z]+)\/contract\.js$/.exec(join(dirname(file), statement.moduleSpecifier.text));
          if (target && target[1] !== module && !graph.get(module)?.includes(target[1]!)) wrong.push(`${file} reads ${target[1]}'s contract, which ${module} does not depend on`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });
});
