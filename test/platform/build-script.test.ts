import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { describe, test } from 'node:test';

/**
 * `npm run build` (scripts/build.mjs) compiles nothing when nothing changed, so a restart of an unchanged
 * checkout starts at once. `npm test` has just built, so the build run here finds every output current.
 */
describe('the build', () => {
  test('on an unchanged checkout it compiles nothing and leaves the outputs as they are', () => {
    const before = statSync('dist/router/main.js').mtimeMs;
    const pages = statSync('dist/dashboard/app.js').mtimeMs;
    const run = spawnSync(process.execPath, ['scripts/build.mjs'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /nothing changed since the last build/);
    assert.equal(statSync('dist/router/main.js').mtimeMs, before);
    assert.equal(statSync('dist/dashboard/app.js').mtimeMs, pages);
  });
});
