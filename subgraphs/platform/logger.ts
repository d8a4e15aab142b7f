import { pino, type Logger } from 'pino';

/** One JSON logger for the process. Credentials never reach it: request logging records ids, not headers. */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    base: { service: 'core-banking' },
    redact: { paths: ['*.password', '*.authorization', '*.secret', 'req.headers.authorization', 'req.headers["x-api-key"]'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type { Logger };
