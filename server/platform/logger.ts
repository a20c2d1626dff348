import type { FastifyServerOptions } from 'fastify';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { pathOf } from './request-path.ts';

/**
 * Pino options shared by every role. Tokens, cookies and passwords never reach a log: the request
 * serializer keeps only method, URL path and request id, and `redact` censors the usual carriers in
 * anything else that gets logged.
 */
export function loggerOptions(level: string): LoggerOptions & FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.idToken',
        '*.refreshToken',
        '*.password',
        '*.token',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: { method: string; url: string; id: string }) {
        // The query string may carry codes or tokens (oobCode, apiKey); the path is enough.
        return { method: request.method, url: pathOf(request.url), id: request.id };
      },
    },
  };
}

/**
 * `readable`: one line per entry (time, level, message, then the fields), for a person watching a
 * terminal. `json`: one JSON object per line, for whatever reads logs with a program.
 */
export type LogFormat = 'readable' | 'json';

/**
 * Readable lines only in local mode on a terminal; JSON in production, and whenever stdout is a file
 * or a pipe (a log collector, a test reading the output, `npm start > log`). Every logger of a
 * process (the BFF's, the API's, the jobs', the start-up lines) writes in the format chosen once.
 */
export function logFormatFor(options: {
  mode: 'local' | 'production';
  stdoutIsTerminal: boolean;
}): LogFormat {
  return options.mode === 'local' && options.stdoutIsTerminal ? 'readable' : 'json';
}

/** A stream every logger of the process can share. */
export type LogDestination = DestinationStream & NodeJS.WritableStream;

/**
 * Where the loggers write: for JSON, nothing to choose (undefined: pino's own stdout); for readable
 * lines, pino-pretty writing to `output` (stdout by default). pino-pretty is a devDependency, absent
 * from the production image, so it is imported here only, and only when asked for.
 */
export async function logDestinationFor(
  format: LogFormat,
  output: number | NodeJS.WritableStream = 1,
): Promise<LogDestination | undefined> {
  if (format === 'json') return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    destination: output,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
    // Lines written just before the process exits (a failed start) must not be lost.
    sync: true,
  });
}

/** A logger with the shared options, writing to `destination` (pino's stdout when undefined). */
export function createLogger(level: string, destination: LogDestination | undefined): Logger {
  const options = loggerOptions(level);
  return destination === undefined ? pino(options) : pino(options, destination);
}
