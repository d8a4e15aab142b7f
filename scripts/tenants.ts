import '../router/preflight.js';
import 'reflect-metadata';
import { TENANT_SLUG } from '../subgraphs/kernel/config.js';
import { createLogger } from '../subgraphs/platform/logger.js';
import { exitOnStartupConflict, loadConfigOrExit } from '../subgraphs/platform/startup-errors.js';
import { startPlatform } from '../subgraphs/registry.js';

/**
 * npm run tenants -- create <slug> [--name "Full name"]   provisions a tenant (idempotent)
 * npm run tenants -- list                                  lists tenants
 */
const [command, slug, ...rest] = process.argv.slice(2);
const config = loadConfigOrExit();
if (command === 'create' && slug && !TENANT_SLUG.test(slug)) {
  console.error(`"${slug.slice(0, 64)}" is not a tenant slug: lowercase letters, digits, - and _, at most 64 characters, starting with a letter or digit.`);
  process.exit(1);
}
const platform = await startPlatform(config, createLogger(config.logLevel), { provision: false, relay: false }).catch(exitOnStartupConflict);
try {
  if (command === 'create' && slug) {
    const nameAt = rest.indexOf('--name');
    const name = nameAt >= 0 ? rest[nameAt + 1] : undefined;
    const { created } = await platform.services.organisation.tenants.provision(slug, { name, adminPassword: config.adminPassword });
    console.log(created ? `tenant ${slug} created (admin / ADMIN_PASSWORD)` : `tenant ${slug} already exists`);
  } else if (command === 'list') {
    for (const tenant of await platform.services.organisation.tenants.list()) console.log(`${tenant.id}\t${tenant.name}`);
  } else {
    console.error('usage: npm run tenants -- create <slug> [--name "Full name"] | list');
    process.exitCode = 2;
  }
} finally {
  await platform.close();
}
