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
