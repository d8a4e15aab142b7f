import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../subgraphs/kernel/config.js';

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

  test('customer messages: the sandbox by default; a gateway URL needs a key', () => {
    assert.equal(loadConfig({}).notification.url, undefined);
    assert.throws(() => loadConfig({ NOTIFICATION_URL: 'https://sms.example/messages' }), /NOTIFICATION_KEY/);
    const real = loadConfig({ NOTIFICATION_URL: 'https://sms.example/messages', NOTIFICATION_KEY: 'k' });
    assert.deepEqual([real.notification.url, real.notification.key], ['https://sms.example/messages', 'k']);
  });

  test('TENANTS is a comma-separated list; subgraph URLs can be overridden', () => {
    const config = loadConfig({ TENANTS: ' alpha, beta ,', LEDGER_URL: 'http://ledger:4005/graphql' });
    assert.deepEqual(config.tenants, ['alpha', 'beta']);
    assert.equal(config.subgraphUrls.ledger, 'http://ledger:4005/graphql');
  });
});

describe('configuration is validated, every mistake one line naming its variable', () => {
  const problems = (env: NodeJS.ProcessEnv): readonly string[] => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      assert.ok(error instanceof ConfigError, String(error));
      return error.problems;
    }
  };

  test('bad values: PORT, DATABASE_URL, SERVE, a tenant slug, a number; all reported together', () => {
    const found = problems({ PORT: 'abc', DATABASE_URL: 'localhost:5432/db', SERVE: 'everything', TENANTS: 'default,Bad Slug', WEBHOOK_MAX_ATTEMPTS: '0' });
    assert.equal(found.length, 5, found.join('\n'));
    assert.ok(found.includes('PORT: must be a whole number from 0 to 65535; got "abc"'), found.join('\n'));
    assert.ok(found.some((p) => /^DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/.test(p)));
    assert.ok(found.some((p) => /^SERVE: must be one of all, edge, organisation, customer, account, loan, till, ledger, self, webhooks, payments, charges, cob, audit, groups, reports; got "everything"$/.test(p)));
    assert.ok(found.some((p) => /^TENANTS: "Bad Slug" is not a tenant slug/.test(p)));
    assert.ok(found.some((p) => /^WEBHOOK_MAX_ATTEMPTS: /.test(p)));
  });

  test('listening addresses: an IP address or a host name', () => {
    assert.deepEqual(problems({ HOST: '0.0.0.0:8443', SUBGRAPH_HOST: 'bad host' }).map((p) => p.split(':')[0]), ['SUBGRAPH_HOST', 'HOST']);
    assert.equal(loadConfig({ HOST: '::', SUBGRAPH_HOST: 'ledger.internal' }).host, '::');
  });

  test('a URL with a password is never quoted back', () => {
    const [line] = problems({ DATABASE_URL: 'mysql://app:s3cret@db/bank' });
    assert.match(line!, /^DATABASE_URL: /);
    assert.doesNotMatch(line!, /s3cret/);
  });

  test('production with the default password, a lone TLS_CERT, a bad origin, an unknown log level', () => {
    const found = problems({ NODE_ENV: 'production', INTERNAL_SIGNING_KEY: 'k', TLS_CERT: '/etc/cert.pem', CORS_ORIGINS: 'app.example.com', LOG_LEVEL: 'loud' });
    assert.deepEqual(found.map((p) => p.split(':')[0]), ['ADMIN_PASSWORD', 'PAYMENT_SWITCH_KEY', 'TLS_KEY', 'CORS_ORIGINS', 'LOG_LEVEL']);
  });

  test('good values pass: Unix-socket URLs, SHUTDOWN_GRACE_MS, METRICS_TOKEN', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@localhost/bank?host=/var/run/postgresql', SHUTDOWN_GRACE_MS: '2500', METRICS_TOKEN: 't', SERVE: 'ledger' });
    assert.equal(config.shutdownGraceMs, 2500);
    assert.equal(config.metrics.token, 't');
    assert.equal(config.serve, 'ledger');
    assert.equal(loadConfig({}).shutdownGraceMs, 10_000);
  });

  test('OTEL_EXPORTER_OTLP_ENDPOINT: unset means tracing off; an http(s) URL is the collector; anything else one line', () => {
    assert.equal(loadConfig({}).otlpEndpoint, undefined);
    assert.equal(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).otlpEndpoint, 'http://collector:4318');
    assert.deepEqual(problems({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }), ['OTEL_EXPORTER_OTLP_ENDPOINT: must be a http:// or https:// URL with a host; got a collector: URL without a host or of another kind']);
  });

  test('subgraph ports and URLs follow SUBGRAPH_PORT_OFFSET and SUBGRAPH_HOST unless set one by one', () => {
    const config = loadConfig({ SUBGRAPH_PORT_OFFSET: '10', SUBGRAPH_HOST: 'subgraphs.internal', LEDGER_PORT: '5005', LOAN_URL: 'https://loan.internal/graphql' });
    assert.deepEqual([config.subgraphPorts.customer, config.subgraphPorts.ledger], [4011, 5005]);
    assert.deepEqual([config.subgraphUrls.ledger, config.subgraphUrls.loan], ['http://subgraphs.internal:5005/graphql', 'https://loan.internal/graphql']);
    assert.deepEqual(problems({ CUSTOMER_PORT: '70000' }), ['CUSTOMER_PORT: must be a whole number from 0 to 65535; got "70000"']);
  });
});
