import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { TestService } from '../support/service.js';

/**
 * The README's walk-throughs are the scripts in docs/walkthroughs/, shown in the README word for word (each
 * after a `<!-- walkthrough: path -->` marker), so the two cannot drift; here each runs as written against a
 * fresh tenant, in the README's order, on whatever day the test runs.
 */
const WALKTHROUGHS = ['docs/walkthroughs/first-steps.sh', 'docs/walkthroughs/self-service.sh', 'docs/walkthroughs/interbank.sh'];

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script], { env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('the README walk-throughs', () => {
  let service: TestService;
  let tenant: string;
  before(async () => {
    service = await TestService.start();
    tenant = (await service.tenant('walk')).tenant;
  });
  after(async () => service.stop());

  test('the README shows each walk-through script word for word', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const script of WALKTHROUGHS) {
      const marker = `<!-- walkthrough: ${script} -->\n\`\`\`sh\n`;
      const at = readme.indexOf(marker);
      assert.ok(at >= 0, `the README has no block for ${script}`);
      const shown = readme.slice(at + marker.length, readme.indexOf('```', at + marker.length));
      assert.equal(shown, readFileSync(script, 'utf8'), `the README's copy of ${script} differs from the script`);
    }
  });

  test('each runs as written, in order, against a fresh tenant', async () => {
    const env = { BASE: service.edge.url, TENANT: tenant, ADMIN_PASSWORD: 'password' };
    const outputs: string[] = [];
    for (const script of WALKTHROUGHS) {
      const result = await run(script, env);
      assert.equal(result.code, 0, `${script} failed:\n${result.out}\n${result.err}`);
      outputs.push(result.out);
    }
    const [first, self, interbank] = outputs as [string, string, string];
    assert.match(first, /"status":"UP"/);
    assert.match(first, /"hierarchy":"\."/);
    // The transfer to the beneficiary went through, and the customer's balance shows both movements.
    assert.match(self, /"status":"SUCCESSFUL"/);
    assert.match(self, /"accountBalance":"15000"/);
    // The sandbox switch names the account holder; the transfer settles and the day's report counts it.
    assert.match(interbank, /"accountName":"[A-Z][a-z]+ [A-Z][a-z]+"/);
    assert.match(interbank, /"row":\["NGN",1,2500/);
    assert.match(interbank, /"status":"SUCCESSFUL"/);
  });
});
