import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody, type ErrorCode, type PlanLimitDetails } from '#shared/errors.ts';
import { isCrawlerUserAgent } from '#server/platform/crawler-user-agent.ts';
import { reportError, requestReportContext } from '#server/platform/error-reporting.ts';
import { pathOf } from '#server/platform/request-path.ts';

/**
 * The one error reply of both servers. Every failure leaves as `{ error: { code, message } }`, so the
 * client can translate the code and never has to read server English. A 5xx answer says only that
 * something went wrong: its cause (SQL, stack, host names) goes to the log and the error report,
 * never to the caller. A 4xx is the caller's mistake, not ours, and is not reported; neither is a
 * failure during a crawler's request, which crawlers retry in bursts that are no product bug.
 */

export interface DescribedError {
  statusCode: number;
  code: ErrorCode;
  message: string;
  field?: string;
  planLimit?: PlanLimitDetails;
}

/** Fastify's own failures while reading a request body, as codes the client understands. */
const bodyReadingFailures: Record<string, { statusCode: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, code: 'invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, code: 'invalid_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, code: 'unsupported_media_type' },
};

const hiddenServerErrorMessage = 'Internal server error';

/** The status, code and message that an error becomes on the wire. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.field !== undefined && { field: error.field }),
      ...(error.planLimit !== undefined && { planLimit: error.planLimit }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Zod reports issues in the schema's field order; the first one is enough to point the client
    // at a field, and the rest follow once it is fixed.
    const [issue] = error.validation;
    if (issue !== undefined) return describeValidationIssue(issue);
  }
  const fastifyCode = readProperty(error, 'code');
  const bodyFailure =
    typeof fastifyCode === 'string' ? bodyReadingFailures[fastifyCode] : undefined;
  if (bodyFailure !== undefined) return { ...bodyFailure, message: messageOf(error) };

  const statusCode = readProperty(error, 'statusCode');
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Other client errors that Fastify and its plugins raise themselves (a Content-Length that lies,
    // a malformed URL, a JSON syntax error).
    return { statusCode, code: codeForClientStatus(error, statusCode), message: messageOf(error) };
  }
  return { statusCode: 500, code: 'internal_error', message: hiddenServerErrorMessage };
}

function codeForClientStatus(error: unknown, statusCode: number): ErrorCode {
  if (statusCode === 404) return 'not_found';
  if (statusCode === 413) return 'payload_too_large';
  if (statusCode === 415) return 'unsupported_media_type';
  if (statusCode === 429) return 'rate_limited';
  if (statusCode === 400 && error instanceof SyntaxError) return 'invalid_json';
  return 'invalid_request';
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * A schema failure becomes a code that names the field: `invalid_<field>` for a bad or missing value,
 * `unknown_field` for a field the schema does not have (strict bodies refuse them, so that a client
 * cannot slip `subscriptionPlan` or `email` into an update). Both carry the field's name in `field`.
 */
export function describeValidationIssue(issue: ValidationIssue): DescribedError {
  if (issue.keyword === 'unrecognized_keys') {
    const keys = issue.params.keys;
    const unknownKey = Array.isArray(keys) && typeof keys[0] === 'string' ? keys[0] : undefined;
    const prefix = fieldOfPath(issue.instancePath);
    const field =
      unknownKey === undefined
        ? prefix
        : prefix === undefined
          ? unknownKey
          : `${prefix}.${unknownKey}`;
    return {
      statusCode: 400,
      code: 'unknown_field',
      message: `Unknown field: ${field ?? '(unnamed)'}`,
      ...(field !== undefined && { field }),
    };
  }
  const field = fieldOfPath(issue.instancePath);
  if (field === undefined) {
    // The value as a whole is wrong (a body that is not an object, or none at all).
    return {
      statusCode: 400,
      code: 'invalid_request',
      message: issue.message ?? 'Invalid request',
    };
  }
  return {
    statusCode: 400,
    code: `invalid_${field}`,
    message: `${field}: ${issue.message ?? 'invalid value'}`,
    field,
  };
}

/** `/language` → `language`, `/address/city` → `address.city`, `/` → undefined. */
function fieldOfPath(instancePath: string): string | undefined {
  const segments = instancePath.split('/').filter((segment) => segment !== '');
  return segments.length === 0 ? undefined : segments.join('.');
}

function readProperty(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

function messageOf(error: unknown): string {
  const message = readProperty(error, 'message');
  return typeof message === 'string' ? message : 'Request refused';
}

export interface ErrorRepliesOptions {
  /**
   * The HTML page a failed request gets instead of JSON (a browser loading a page of the BFF), or
   * undefined for JSON; the API has none.
   */
  pageFor?: (request: FastifyRequest, statusCode: number) => string | undefined;
  /**
   * Names a failure of a layer beneath the server that the caller can do something about (the
   * API's database pool, all lent: wait and try again), as the AppError it is answered with.
   * Undefined leaves the failure as it is.
   */
  namedFailureOf?: (error: unknown) => AppError | undefined;
}

/**
 * Installs the error handler on the root instance. Called directly rather than registered, because a
 * registered plugin would keep the handler inside its own encapsulated context and the routes would
 * never see it.
 */
export function answerErrorsWithCodes(
  app: FastifyInstance,
  options: ErrorRepliesOptions = {},
): void {
  app.setErrorHandler((thrown, request, reply) => {
    const error = options.namedFailureOf?.(thrown) ?? thrown;
    const described = describeError(error);
    if (described.statusCode >= 500) {
      // A crawler's failed request is logged and answered but not reported.
      const crawler = isCrawlerUserAgent(request.headers['user-agent']);
      if (error instanceof AppError) {
        // A failure we expect and name (an identity provider outage): no stack needed.
        request.log.warn({ code: error.code, crawler }, error.message);
      } else {
        request.log.error({ err: error, crawler }, 'request failed');
      }
      if (!crawler) reportError(error, requestReportContext(request));
    } else {
      request.log.info(
        { code: described.code, statusCode: described.statusCode },
        'request refused',
      );
    }
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    const page =
      described.statusCode >= 500 ? options.pageFor?.(request, described.statusCode) : undefined;
    if (page !== undefined) {
      return reply
        .code(described.statusCode)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page);
    }
    return reply
      .code(described.statusCode)
      .send(errorBody(described.code, described.message, described.field, described.planLimit));
  });
}

/** The API's answer to a path it has no route for. */
export function answerUnknownRoutes(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const message = `No route ${request.method} ${pathOf(request.url)}`;
    return reply.code(404).send(errorBody('not_found', message));
  });
}
