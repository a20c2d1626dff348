import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { errorBody, type ErrorCode } from '#shared/errors.ts';

/**
 * How long a client may take over a request, the same on both HTTP edges. Without them a client that
 * sends its headers, or announces a body and never sends it, holds its connection (and on the BFF,
 * whatever the request had taken) for as long as it likes.
 */
export interface ServerTimeouts {
  /** From the first byte to the end of the headers. */
  headersMs: number;
  /** From the first byte to the end of the body: what a slow or stalled upload gets at most. */
  requestMs: number;
  /** A connection with a request under way on which nothing moves, either way, for this long is cut. */
  connectionIdleMs: number;
  /** How often the server looks for requests past their time (Node checks them on a timer). */
  checkIntervalMs: number;
}

export const defaultServerTimeouts: ServerTimeouts = {
  // Browsers send their headers at once; a load balancer in front forwards them at once too.
  headersMs: 10_000,
  // 1 MB (the largest body the API takes) in 30 s is 35 KB/s, slower than a poor mobile link.
  requestMs: 30_000,
  // Longer than the BFF waits for the API (10 s), so a slow API answer is never cut here first.
  connectionIdleMs: 60_000,
  checkIntervalMs: 1_000,
};

/** The Fastify options for timeouts and closing that the API and the BFF share. */
export function serverOptions(timeouts: Partial<ServerTimeouts> = {}) {
  const { headersMs, requestMs, connectionIdleMs, checkIntervalMs } = {
    ...defaultServerTimeouts,
    ...timeouts,
  };
  return {
    requestTimeout: requestMs,
    connectionTimeout: connectionIdleMs,
    http: {
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: Math.min(headersMs, requestMs),
      connectionsCheckingInterval: checkIntervalMs,
    },
    // A stop answers the requests that reach it as usual (each answer then closes its connection,
    // see graceful-shutdown.ts) instead of refusing them with 503: the listening socket is closed
    // first, so what still arrives came on a connection the client had already opened.
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
  } as const;
}

/**
 * What Node reports before a request reaches Fastify (a request past its time, headers too large,
 * bytes that are not HTTP) answered in the error format of both servers, then the connection closed.
 */
function answerClientError(
  this: { log: FastifyBaseLogger },
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A connection reset by the client has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { statusCode, code, message } = clientErrorAnswers[error.code ?? ''] ?? unreadableRequest;
  this.log.debug({ code: error.code, statusCode }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, message));
    socket.write(
      `HTTP/1.1 ${statusCode} ${statusText[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

interface ClientErrorAnswer {
  statusCode: 400 | 408 | 431;
  code: ErrorCode;
  message: string;
}

/**
 * Node's codes for a request it refused, as the client is told: the codes the client has words for
 * (a slow connection, too many cookies), anything else a request that could not be read.
 */
const clientErrorAnswers: Record<string, ClientErrorAnswer> = {
  // Past the headers timeout or the request timeout alike.
  ERR_HTTP_REQUEST_TIMEOUT: {
    statusCode: 408,
    code: 'request_timeout',
    message: 'The request was not received in time',
  },
  HPE_HEADER_OVERFLOW: {
    statusCode: 431,
    code: 'headers_too_large',
    message: 'The request headers are too large',
  },
};

const unreadableRequest: ClientErrorAnswer = {
  statusCode: 400,
  code: 'invalid_request',
  message: 'The request could not be read',
};

const statusText: Record<ClientErrorAnswer['statusCode'], string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};
