import '../router/preflight.js';
import 'reflect-metadata';
import { openDatabase } from '../subgraphs/platform/database.js';
import { exitOnStartupConflict, loadConfigOrExit } from '../subgraphs/platform/startup-errors.js';
import { DATABASE_MODULES } from '../subgraphs/registry.js';

/** npm run migrate: applies pending migrations to DATABASE_URL (or the embedded database) and exits. */
const db = await openDatabase(loadConfigOrExit(), DATABASE_MODULES).catch(exitOnStartupConflict);
const pending = await db.orm.migrator.getPending();
await db.migrate();
console.log(pending.length ? `applied ${pending.map((m) => m.name).join(', ')}` : 'database is up to date');
await db.close();
