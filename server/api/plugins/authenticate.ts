import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import {
  callerOf,
  isRefusedIdTokenError,
  type Caller,
  type IdentityProvider,
} from '../../platform/identity.ts';

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

/**
 * Puts an authentication hook on every route of `scope` (the /api/v1 folder), so that no handler can
 * forget it. The caller is known only from `Authorization: Bearer <Firebase ID token>`, verified here
 * with firebase-admin. No other header is trusted: the API may be reached without the BFF, so a
 * header such as X-User-Id would let anyone claim any identity.
 *
 * Revocation is not checked on each call. ID tokens live one hour, and the BFF checks revocation when
 * it opens a session and whenever it refreshes the token. Checking here too would cost a round trip
 * to Firebase on every API call, and it would only shorten the life of a revoked token that is
 * already at most an hour old.
 *
 * The hook runs on onRequest, before the body is read, so an anonymous caller cannot make the API
 * parse a megabyte of JSON.
 */
export function authenticateEveryRequest(scope: FastifyInstance, identity: IdentityProvider): void {
  scope.decorateRequest('caller', null);
  scope.addHook('onRequest', async (request) => {
    const match = bearerHeaderPattern.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    if (token === undefined)
      throw unauthenticated('A Firebase ID token is required as a Bearer token');

    let decoded: Awaited<ReturnType<IdentityProvider['verifyIdToken']>>;
    try {
      decoded = await identity.verifyIdToken(token);
    } catch (error) {
      // Any other failure is ours or Firebase's: a logged 500, not a legitimate user told to sign in again.
      if (!isRefusedIdTokenError(error)) throw error;
      // The reason helps when a whole fleet of clients is suddenly refused; the token itself is never logged.
      request.log.info({ reason: error.code }, 'ID token refused');
      throw unauthenticated('The ID token is invalid or expired');
    }

    request.caller = callerOf(decoded);
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
