import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, errorBody, type ErrorCode } from '../../../shared/errors.ts';
import { reportError, requestReportContext } from '../../platform/error-reporting.ts';

/** Codes for the failures Fastify and its plugins raise on their own, by status. */
function codeForStatus(error: FastifyError, statusCode: number): ErrorCode {
  if (statusCode === 413) return 'payload_too_large';
  if (statusCode === 415) return 'unsupported_media_type';
  if (statusCode === 404) return 'not_found';
  if (statusCode === 429) return 'rate_limited';
  if (
    statusCode === 400 &&
    (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
  ) {
    return 'invalid_json';
  }
  return 'invalid_request';
}

/**
 * Every failure leaves as `{ error: { code, message } }`. Client errors keep their message (it names
 * what was wrong with the request); server errors are logged and reported, and leave with a generic
 * message, so no internal detail reaches the browser.
 */
async function errorReplies(fastify: FastifyInstance): Promise<void> {
  fastify.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) {
        request.log.warn({ code: error.code }, error.message);
        reportError(error, requestReportContext(request));
      }
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (error.validation !== undefined) {
      return reply.code(400).send(errorBody('invalid_request', error.message));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply
        .code(statusCode)
        .send(errorBody(codeForStatus(error, statusCode), error.message));
    }
    request.log.error({ err: error }, 'request failed');
    reportError(error, requestReportContext(request));
    return reply.code(500).send(errorBody('internal_error', 'Something went wrong on our side'));
  });
}

export default fp(errorReplies, { name: 'bff-error-replies' });
