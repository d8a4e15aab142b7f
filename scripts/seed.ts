import '../router/preflight.js';
import 'reflect-metadata';
import { TENANT_SLUG } from '../subgraphs/kernel/config.js';
import { createLogger } from '../subgraphs/platform/logger.js';
import { exitOnStartupConflict, loadConfigOrExit } from '../subgraphs/platform/startup-errors.js';
import { startPlatform } from '../subgraphs/registry.js';
import { DEFAULT_DEMO_SIZE, seedDemoBank, type DemoSize } from './demo-bank.js';

/**
 * npm run seed -- demo [--tenant <slug>] [--clients N] [--days N]
 * loads the demo bank into a tenant (the first of TENANTS by default), provisioning it when missing.
 * The services run in this process, as `npm run tenants` runs them: stop `npm start` first on the
 * embedded database.
 */
const USAGE = 'usage: npm run seed -- demo [--tenant <slug>] [--clients N] [--days N]';
const [command, ...rest] = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = rest.indexOf(`--${name}`);
  return at >= 0 ? rest[at + 1] : undefined;
};
const count = (name: string, fallback: number, min: number): number => {
  const text = option(name);
  if (text === undefined) return fallback;
  if (!/^\d{1,6}$/.test(text) || Number(text) < min) {
    console.error(`--${name}: "${text.slice(0, 20)}" is not a whole number of at least ${min}.`);
    process.exit(1);
  }
  return Number(text);
};

if (command !== 'demo') {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfigOrExit();
const tenant = option('tenant') ?? config.tenants[0] ?? 'default';
if (!TENANT_SLUG.test(tenant)) {
  console.error(`"${tenant.slice(0, 64)}" is not a tenant slug: lowercase letters, digits, - and _, at most 64 characters, starting with a letter or digit.`);
  process.exit(1);
}
const size: DemoSize = { clients: count('clients', DEFAULT_DEMO_SIZE.clients, 1), days: count('days', DEFAULT_DEMO_SIZE.days, 1) };

const platform = await startPlatform(config, createLogger(config.logLevel), { provision: false, relay: false }).catch(exitOnStartupConflict);
try {
  await platform.services.organisation.tenants.provision(tenant, { adminPassword: config.adminPassword });
  const began = performance.now();
  // A bar redrawn in place is for a person at a terminal; a log file or CI gets no carriage returns.
  const summary = await seedDemoBank(platform.services, tenant, size, process.stderr.isTTY ? progressBar : () => undefined);
  if (!summary.created) {
    console.log(`tenant ${tenant} already holds the demo bank: nothing added`);
  } else {
    console.log(`tenant ${tenant}: ${summary.clients} clients, ${summary.savingsTransactions} savings transactions, ${summary.loans} loans over ${size.days} days (${Math.round((performance.now() - began) / 1000)} s)`);
  }
} finally {
  await platform.close();
}

/** One line on stderr, redrawn in place: `[#######.............]  35% clients and savings accounts`. */
function progressBar(done: number, total: number, stage: string): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.floor((done / total) * 100)).padStart(3)}% ${stage}`;
  process.stderr.write(`\r${line.padEnd(80)}${done === total ? '\n' : ''}`);
}
