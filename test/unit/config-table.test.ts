import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SUBGRAPHS } from '../../subgraphs/kernel/config.js';

/**
 * Every environment variable the service reads is in the README's configuration table, and every variable
 * the table names is read: the variables are taken from the source (the keys of the environment schema in
 * subgraphs/kernel/config.ts and every `env.NAME` read), so a new setting cannot ship undocumented.
 */
const SOURCES = ['subgraphs', 'router', 'rest-compat'];
/** Read by a stand-alone tool, documented where that tool is (the sandbox switch server: Inter-bank transfers). */
const ELSEWHERE = new Set(['PORT_SANDBOX', 'NO_ANSWER_MS']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function variablesRead(): Set<string> {
  const names = new Set<string>();
  for (const file of SOURCES.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]+)/g)) names.add(file.endsWith('sandbox-server.ts') && m[1] === 'PORT' ? 'PORT_SANDBOX' : m[1]!);
  }
  // The environment schema's keys: `NAME: z...` or `NAME: helper(...)` inside environmentSchema.
  const config = readFileSync('subgraphs/kernel/config.ts', 'utf8');
  const schema = config.slice(config.indexOf('function environmentSchema('));
  for (const m of schema.matchAll(/^\s+([A-Z][A-Z0-9_]+): /gm)) names.add(m[1]!);
  for (const name of SUBGRAPHS) {
    names.add(`${name.toUpperCase()}_PORT`);
    names.add(`${name.toUpperCase()}_URL`);
  }
  return names;
}

function variablesDocumented(): Set<string> {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('## Configuration');
  const table = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const names = new Set<string>();
  for (const line of table.split('\n').filter((l) => l.startsWith('| `'))) {
    const first = line.split('|')[1]!;
    for (const m of first.matchAll(/`([^`]+)`/g)) {
      const name = m[1]!.replace(/=.*$/, '');
      if (name.startsWith('<SUBGRAPH>')) for (const s of SUBGRAPHS) names.add(name.replace('<SUBGRAPH>', s.toUpperCase()));
      else names.add(name);
    }
  }
  return names;
}

describe('the README configuration table', () => {
  test('names every environment variable the service reads, and nothing it does not read', () => {
    const read = variablesRead();
    const documented = variablesDocumented();
    const missing = [...read].filter((name) => !documented.has(name) && !ELSEWHERE.has(name)).sort();
    const stale = [...documented].filter((name) => !read.has(name)).sort();
    assert.deepEqual(missing, [], 'read by the service but not in the README table');
    assert.deepEqual(stale, [], 'in the README table but read nowhere');
  });
});
