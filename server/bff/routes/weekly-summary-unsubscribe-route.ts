import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '#shared/constants.ts';
import type { Database } from '#server/db/database.ts';
import {
  checkUnsubscribeLink,
  unsubscribePageHtml,
  unsubscribePath,
  unsubscribeWithToken,
  type UnsubscribePage,
} from '#server/areas/weekly-summary/index.ts';
import { pageLanguage } from '../page-language.ts';

export interface WeeklySummaryUnsubscribeRouteOptions {
  db: Database;
}

/** A one-click POST's body says only `List-Unsubscribe=One-Click`: a few bytes are plenty. */
const oneClickBodyLimitBytes = 1024;

const statusOf: Record<UnsubscribePage['kind'], number> = {
  confirm: 200,
  unsubscribed: 200,
  invalid: 400,
  expired: 410,
};

function tokenOf(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown>;
  return typeof query.token === 'string' ? query.token : '';
}

function fallbackLanguageOf(request: FastifyRequest): Language {
  return pageLanguage({
    query: request.query,
    cookies: request.cookies,
    acceptLanguage: request.headers['accept-language'],
  });
}

function sendPage(reply: FastifyReply, page: UnsubscribePage, language: Language) {
  return (
    reply
      .code(statusOf[page.kind])
      .header('cache-control', 'no-store')
      // The address carries the token: no page it leads to may read it in a Referer.
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(unsubscribePageHtml(page, language))
  );
}

/**
 * The weekly summary's unsubscribe link (`unsubscribePath?token=…`), which needs no session: the
 * token alone names the account and is good for this and nothing else
 * (server/areas/weekly-summary/unsubscribe-token.ts). The token is never logged (the logger keeps
 * the path of a URL only, server/platform/logger.ts).
 *
 * - `GET`, the link in the mail: changes nothing (mail scanners and link previews open links), and
 *   answers a small page in the owner's language that says what the button will do, with the
 *   button; a damaged or foreign token gets a page that says the link does not work (400), an
 *   expired one likewise (410).
 * - `POST`, the page's button or a mail client's one-click unsubscribe (RFC 8058, the
 *   List-Unsubscribe-Post header), with the form body `List-Unsubscribe=One-Click`: turns the
 *   summary off and answers the page that says so; bad tokens as for GET. It carries no session
 *   and no CSRF header, so the path is one of the BFF's server-to-server paths (app.ts): the signed
 *   token is the authority, which no other site can forge.
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
  fastify.get(unsubscribePath, async (request, reply) => {
    const token = tokenOf(request);
    const { check, language } = await checkUnsubscribeLink(
      options.db,
      token,
      fallbackLanguageOf(request),
    );
    if (check !== 'valid') request.log.info({ outcome: check }, 'weekly summary link refused');
    // The button posts to the link's own address, spelled as the CSRF check's exception names it.
    const action = `${unsubscribePath}?token=${encodeURIComponent(token)}`;
    const page: UnsubscribePage = check === 'valid' ? { kind: 'confirm', action } : { kind: check };
    return sendPage(reply, page, language);
  });
  fastify.post(unsubscribePath, async (request, reply) => {
    const { outcome, language } = await unsubscribeWithToken(
      options.db,
      tokenOf(request),
      fallbackLanguageOf(request),
    );
    if (outcome !== 'unsubscribed')
      request.log.info({ outcome }, 'weekly summary unsubscribe refused');
    return sendPage(reply, { kind: outcome }, language);
  });
}
