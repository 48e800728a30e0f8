import pino from 'pino';
import { scrubError, scrubFields } from './log-scrub';

export type Logger = pino.Logger;

/**
 * Secrets never reach the log, even when a handler logs a whole request, config object or
 * database error: every call's fields go through scrubFields (log-scrub.ts), errors are
 * serialised without their query parameters, and the usual header paths are redacted as well.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'reelmates' },
      timestamp: pino.stdTimeFunctions.isoTime,
      hooks: {
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          if (first instanceof Error) {
            const err = scrubError(first);
            // pino would take the message from the error itself, parameters and all.
            return method.apply(this, [{ err }, ...(rest.length ? rest : [err.message])] as Parameters<typeof method>);
          }
          if (typeof first === 'object' && first !== null) return method.apply(this, [scrubFields(first), ...rest] as Parameters<typeof method>);
          return method.apply(this, args);
        },
      },
      serializers: { err: (value: unknown) => (value instanceof Error ? scrubError(value) : value) },
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization', 'password', '*.password', 'token', '*.token', 'params', '*.params'],
        remove: true,
      },
    },
    destination ?? pino.destination({ sync: false }),
  );
}
