import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody, type ErrorCode } from '../../shared/errors.ts';
import { isCrawlerUserAgent } from '../platform/crawler-user-agent.ts';
import { reportError, requestReportContext } from '../platform/error-reporting.ts';
import { pathOf } from '../platform/request-path.ts';

/**
 * The API's one error handler. Every failure leaves as `{ error: { code, message } }`, so the client
 * can translate the code and never has to read server English. A 5xx answer says only that something
 * went wrong: its cause (SQL, stack, host names) goes to the log and the error report, never to the
 * caller. A 4xx is the caller's mistake, not ours, and is not reported; neither is a failure during a
 * crawler's request (spec §8).
 */

export interface DescribedError {
  statusCode: number;
  code: ErrorCode;
  message: string;
  field?: string;
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
    // Other client errors that Fastify raises itself (a Content-Length that lies, a malformed URL).
    return {
      statusCode,
      code: statusCode === 404 ? 'not_found' : 'invalid_request',
      message: messageOf(error),
    };
  }
  return { statusCode: 500, code: 'internal_error', message: hiddenServerErrorMessage };
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

/**
 * Installs the error handler and the not-found handler on the root instance. Called directly rather
 * than registered, because a registered plugin would keep both handlers inside its own encapsulated
 * context and the routes would never see them.
 */
export function answerErrorsWithCodes(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const described = describeError(error);
    if (described.statusCode >= 500) {
      // A crawler's failed request is logged and answered but not reported (spec §8).
      const crawler = isCrawlerUserAgent(request.headers['user-agent']);
      request.log.error({ err: error, crawler }, 'request failed');
      if (!crawler) reportError(error, requestReportContext(request));
    } else {
      request.log.info(
        { code: described.code, statusCode: described.statusCode },
        'request refused',
      );
    }
    return reply
      .code(described.statusCode)
      .send(errorBody(described.code, described.message, described.field));
  });

  app.setNotFoundHandler((request, reply) => {
    const message = `No route ${request.method} ${pathOf(request.url)}`;
    return reply.code(404).send(errorBody('not_found', message));
  });
}
