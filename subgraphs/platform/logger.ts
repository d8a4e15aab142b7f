import { pino, type Logger } from 'pino';
import { activeTraceId } from './tracing.js';

/** One JSON logger for the process. Credentials never reach it: request logging records ids, not headers. */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    base: { service: 'core-banking' },
    // Every line written inside a traced request (resolver errors, SQL failures, ...) names its trace.
    mixin: () => {
      const traceId = activeTraceId();
      return traceId === undefined ? {} : { traceId };
    },
    redact: { paths: ['*.password', '*.authorization', '*.secret', 'req.headers.authorization', 'req.headers["x-api-key"]'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type { Logger };
