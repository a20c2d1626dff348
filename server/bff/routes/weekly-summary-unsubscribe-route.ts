import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#server/db/database.ts';
import {
  unsubscribePageHtml,
  unsubscribePath,
  unsubscribeWithToken,
} from '#server/areas/weekly-summary/index.ts';
import { pageLanguage } from '../page-language.ts';

export interface WeeklySummaryUnsubscribeRouteOptions {
  db: Database;
}

/** A one-click POST's body says only `List-Unsubscribe=One-Click`: a few bytes are plenty. */
const oneClickBodyLimitBytes = 1024;

/**
 * The weekly summary's unsubscribe link (`unsubscribePath?token=…`), which needs no session: the
 * token alone names the account and is good for this and nothing else
 * (server/areas/weekly-summary/unsubscribe-token.ts).
 *
 * - `GET`, the link in the mail: turns the summary off and answers a small page that says so in the
 *   owner's language; a damaged or foreign token gets a page that says nothing was changed (400),
 *   an expired one likewise (410).
 * - `POST`, a mail client's one-click unsubscribe (RFC 8058, the List-Unsubscribe-Post header),
 *   with the form body `List-Unsubscribe=One-Click`: the same, answered the same. It carries no
 *   session and no CSRF header, so the path is one of the BFF's server-to-server paths (app.ts).
 */
export async function weeklySummaryUnsubscribeRoute(
  fastify: FastifyInstance,
  options: WeeklySummaryUnsubscribeRouteOptions,
): Promise<void> {
  // The one-click body is read and ignored: the token is in the address.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    fastify.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: oneClickBodyLimitBytes },
      (_request, _body, done) => done(null, undefined),
    );
  }
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    const fallback = pageLanguage({
      query: request.query,
      cookies: request.cookies,
      acceptLanguage: request.headers['accept-language'],
    });
    const { outcome, language } = await unsubscribeWithToken(options.db, token, fallback);
    if (outcome !== 'unsubscribed')
      request.log.info({ outcome }, 'weekly summary unsubscribe refused');
    return reply
      .code(outcome === 'unsubscribed' ? 200 : outcome === 'expired' ? 410 : 400)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(unsubscribePageHtml(outcome, language));
  };
  fastify.get(unsubscribePath, answer);
  fastify.post(unsubscribePath, answer);
}
