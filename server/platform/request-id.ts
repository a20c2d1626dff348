import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The request id of every log line and error report. Both servers take it from `X-Request-Id` when it
 * comes from a trusted front (a load balancer, the client's trace, the BFF calling the API), so that
 * one id follows a call through every process, but only if it is sane: anything longer, or with
 * spaces, control characters or line breaks, could forge or bloat log lines, so it gets a fresh id.
 */

export const requestIdHeader = 'x-request-id';

const incomingRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`, with `requestIdHeader: false` so that Fastify does not read the header itself. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[requestIdHeader];
  return typeof incoming === 'string' && incomingRequestId.test(incoming) ? incoming : randomUUID();
}
