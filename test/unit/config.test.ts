import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../../subgraphs/kernel/config.js';

describe('configuration', () => {
  test('defaults: embedded database, port 8443, tenant default, admin password "password"', () => {
    const config = loadConfig({});
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.port, 8443);
    assert.deepEqual(config.tenants, ['default']);
    assert.equal(config.adminPassword, 'password');
    assert.equal(config.subgraphUrls.customer, 'http://127.0.0.1:4001/graphql');
  });

  test('production refuses the default admin password and a missing signing key', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production', INTERNAL_SIGNING_KEY: 'k' }), /ADMIN_PASSWORD/);
    assert.throws(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'S3cure-enough' }), /INTERNAL_SIGNING_KEY/);
    assert.equal(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'S3cure-enough', INTERNAL_SIGNING_KEY: 'k' }).env, 'production');
  });

  test('TENANTS is a comma-separated list; subgraph URLs can be overridden', () => {
    const config = loadConfig({ TENANTS: ' alpha, beta ,', LEDGER_URL: 'http://ledger:4005/graphql' });
    assert.deepEqual(config.tenants, ['alpha', 'beta']);
    assert.equal(config.subgraphUrls.ledger, 'http://ledger:4005/graphql');
  });
});
