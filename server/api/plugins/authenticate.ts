import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { AppError } from '#shared/errors.ts';
import {
  callerOf,
  isIdentityProviderOutage,
  isRefusedIdTokenError,
  revokedIdTokenCodes,
  revokedTokenChallenge,
  type Caller,
  type IdentityProvider,
} from '#server/platform/identity.ts';
import { createRevocationCache, defaultRevocationCacheMaxAgeMs } from './revocation-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on every route under /api/v1; null anywhere else. */
    caller: Caller | null;
  }
}

/** RFC 6750's b64token: what may follow "Bearer " in an Authorization header. */
const bearerHeaderPattern = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

function unauthenticated(message: string): AppError {
  return new AppError('unauthenticated', 401, { message: message });
}

/** Reading methods: they change nothing, so a revocation may reach them a few minutes late. */
const readingMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Puts an authentication hook on every route of `scope` (the /api/v1 folder), so that no handler can
 * forget it. The caller is known only from `Authorization: Bearer <Firebase ID token>`, verified here
 * with firebase-admin. No other header is trusted: the API may be reached without the BFF, so a
 * header such as X-User-Id would let anyone claim any identity.
 *
 * A token stays well signed for its whole hour, even once Firebase stopped honouring its user's
 * tokens (a password changed after a stolen cookie, "sign out of every device", a disabled or deleted
 * user). So every call also checks what Firebase says of the user, by one rule (revocation-cache.ts):
 * - a write (any method but GET, HEAD, OPTIONS) asks Firebase on every call: a write cannot be taken
 *   back, and one made after an account's deletion would bring data back; what it learns serves
 *   the reads that follow;
 * - a read uses what Firebase said at most five minutes ago (revocation-cache.ts says why).
 * A token refused for that reason is answered with revokedTokenChallenge, on which the BFF ends the
 * session that sent it. When Firebase cannot be asked the answer is 503: a check that cannot be made
 * does not let the call through.
 *
 * The hook runs on onRequest, before the body is read, so an anonymous caller cannot make the API
 * parse a megabyte of JSON.
 */
export function authenticateEveryRequest(scope: FastifyInstance, identity: IdentityProvider): void {
  const revocations = createRevocationCache(identity, {
    maxAgeMs: defaultRevocationCacheMaxAgeMs,
  });
  scope.decorateRequest('caller', null);
  scope.addHook('onRequest', async (request, reply) => {
    const match = bearerHeaderPattern.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    if (token === undefined)
      throw unauthenticated('A Firebase ID token is required as a Bearer token');

    const refuse = (reason: string): never => {
      // The reason helps when a whole fleet of clients is suddenly refused; the token itself is never logged.
      request.log.info({ reason }, 'ID token refused');
      if (revokedIdTokenCodes.has(reason)) {
        void reply.header('www-authenticate', revokedTokenChallenge);
        throw unauthenticated(
          "The user's sign-in no longer counts (revoked, disabled or deleted); sign in again",
        );
      }
      void reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw unauthenticated('The ID token is invalid or expired');
    };

    let decoded: DecodedIdToken;
    try {
      decoded = await identity.verifyIdToken(token);
    } catch (error) {
      // Any other failure is ours or Firebase's: not a legitimate user told to sign in again.
      if (!isRefusedIdTokenError(error)) throw unavailableOr(error);
      return refuse(error.code);
    }
    let revocation: string | null;
    try {
      revocation = await revocations.revocationOf(decoded, {
        askNow: !readingMethods.has(request.method),
      });
    } catch (error) {
      throw unavailableOr(error);
    }
    if (revocation !== null) return refuse(revocation);

    request.caller = callerOf(decoded);
  });
}

/** Firebase could not be asked: 503, try again; anything else is a bug, answered 500 and logged. */
function unavailableOr(error: unknown): unknown {
  if (!isIdentityProviderOutage(error)) return error;
  return new AppError('identity_provider_unavailable', 503, {
    message: 'Firebase cannot be reached to check the ID token; try again',
    cause: error,
  });
}

/**
 * The caller of a route under the authentication hook. A route placed outside that folder by mistake
 * gets a 401 rather than running without an identity.
 */
export function authenticatedCaller(request: FastifyRequest): Caller {
  if (request.caller === null) throw unauthenticated('This route requires authentication');
  return request.caller;
}
