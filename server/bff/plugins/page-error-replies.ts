import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, errorBody, type ErrorCode } from '../../../shared/errors.ts';
import { isCrawlerUserAgent } from '../../platform/crawler-user-agent.ts';
import { reportError, requestReportContext } from '../../platform/error-reporting.ts';
import { pathOf } from '../../platform/request-path.ts';
import { errorPageHtml } from '../error-page.ts';
import { pageLanguage } from '../page-language.ts';
import { isMachinePath } from '../request-paths.ts';

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

/** A browser (or crawler) loading a page, as opposed to a program calling /api, /auth or /builds. */
function isPageRequest(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && !isMachinePath(pathOf(request.url))
  );
}

/**
 * A server failure: logged, then reported — except during a crawler's request (spec §8), which is
 * only logged. A page request gets the HTML error page, anything else the JSON error.
 */
function answerServerError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { statusCode: number; code: ErrorCode; message: string },
): FastifyReply {
  const crawler = isCrawlerUserAgent(request.headers['user-agent']);
  if (error instanceof AppError) {
    request.log.warn({ code: error.code, crawler }, error.message);
  } else {
    request.log.error({ err: error, crawler }, 'request failed');
  }
  if (!crawler) reportError(error, requestReportContext(request));
  if (isPageRequest(request)) {
    const language = pageLanguage({
      query: request.query,
      // Absent when the failure came before the cookie parser ran.
      cookies: (request.cookies as Record<string, string | undefined> | undefined) ?? {},
      acceptLanguage: request.headers['accept-language'],
    });
    return reply
      .code(answer.statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(errorPageHtml(answer.statusCode, language));
  }
  return reply.code(answer.statusCode).send(errorBody(answer.code, answer.message));
}

/**
 * Every failure leaves as `{ error: { code, message } }`, or as the HTML error page for a page
 * request that fails on our side. Client errors keep their message (it names what was wrong with
 * the request); server errors are logged and reported, and leave with a generic message, so no
 * internal detail reaches the browser.
 */
async function errorReplies(fastify: FastifyInstance): Promise<void> {
  fastify.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) {
        return answerServerError(error, request, reply, {
          statusCode: error.statusCode,
          code: error.code,
          message: error.message,
        });
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
    return answerServerError(error, request, reply, {
      statusCode: 500,
      code: 'internal_error',
      message: 'Something went wrong on our side',
    });
  });
}

export default fp(errorReplies, { name: 'bff-error-replies' });
