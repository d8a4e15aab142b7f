import { ConfigError, loadConfig, type Config } from '../kernel/config.js';
import { EmbeddedDatabaseInUseError } from './database.js';
import { PortInUseError } from './listen.js';

/** A taken port or a database held by another process is an operator's problem: one line, exit 1, no stack. */
export function exitOnStartupConflict(error: unknown): never {
  if (error instanceof PortInUseError || error instanceof EmbeddedDatabaseInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/** The configuration, or every mistake in it printed one line each and exit 1, before the database is opened. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(problem);
    process.exit(1);
  }
}
