import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'reelmates' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Secrets never reach the log, even when a handler logs a whole request or config object.
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'], remove: true },
    },
    destination ?? pino.destination({ sync: false }),
  );
}
