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

  test('production refuses the default admin password, a missing signing key and the sandbox switch key', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production', INTERNAL_SIGNING_KEY: 'k' }), /ADMIN_PASSWORD/);
    assert.throws(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'S3cure-enough' }), /INTERNAL_SIGNING_KEY/);
    assert.throws(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'S3cure-enough', INTERNAL_SIGNING_KEY: 'k' }), /PAYMENT_SWITCH_KEY/);
    assert.throws(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'S3cure-enough', INTERNAL_SIGNING_KEY: 'k', PAYMENT_SWITCH_KEY: 'sandbox-switch-key' }), /PAYMENT_SWITCH_KEY/);
    assert.equal(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'S3cure-enough', INTERNAL_SIGNING_KEY: 'k', PAYMENT_SWITCH_KEY: 'live-key' }).env, 'production');
  });

  test('the payment switch: the in-process sandbox and its key by default; a URL needs a key', () => {
    const sandbox = loadConfig({});
    assert.equal(sandbox.paymentSwitch.url, undefined);
    assert.equal(sandbox.paymentSwitch.key, 'sandbox-switch-key');
    assert.throws(() => loadConfig({ PAYMENT_SWITCH_URL: 'https://switch.example' }), /PAYMENT_SWITCH_KEY/);
    const real = loadConfig({ PAYMENT_SWITCH_URL: 'https://switch.example', PAYMENT_SWITCH_KEY: 'k', PAYMENT_SWITCH_TIMEOUT_MS: '2500' });
    assert.deepEqual([real.paymentSwitch.url, real.paymentSwitch.key, real.paymentSwitch.timeoutMs], ['https://switch.example', 'k', 2500]);
  });

  test('TENANTS is a comma-separated list; subgraph URLs can be overridden', () => {
    const config = loadConfig({ TENANTS: ' alpha, beta ,', LEDGER_URL: 'http://ledger:4005/graphql' });
    assert.deepEqual(config.tenants, ['alpha', 'beta']);
    assert.equal(config.subgraphUrls.ledger, 'http://ledger:4005/graphql');
  });
});
