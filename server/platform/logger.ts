import type { FastifyServerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';
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
