import { pino, type Logger } from 'pino';

/** One JSON logger for the process. Credentials never reach it: request logging records ids, not headers. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'core-banking' },
    redact: { paths: ['*.password', '*.authorization', '*.secret', 'req.headers.authorization'], censor: '[redacted]' },
  });
}
export type { Logger };
