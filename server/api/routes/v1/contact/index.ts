import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactContracts as contracts } from '#shared/contracts/contact.ts';
import { contactFormRules } from '#shared/schemas/contact.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { issueFormToken, submitContactMessage } from '#server/areas/contact/index.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses, jsonBodyErrors } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

/** The contact form: a signed time stamp to fetch when the form is shown, then the message. */
export const contactRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  jobs: JobQueue;
}> = async (app, { database, jobs }) => {
  app.route({
    ...routeOf(app, contracts.formToken, {
      summary: 'Get a token for the contact form',
      description: `Fetch it when the form is shown and send it with the message: a message sent less than ${contactFormRules.minimumFillTimeMs / 1000} s or more than ${contactFormRules.tokenLifetimeMs / 3_600_000} h after it was issued is refused. It is valid for the caller only.`,
      tags: ['contact'],
      security: bearerToken,
      answers: { 200: 'The token, to send back as `formToken`' },
      errors: errorResponses(authenticatedRouteErrors),
    }),
    handler: async (request) => {
      const formToken = await issueFormToken(database.db, authenticatedCaller(request).uid);
      return { data: { formToken } };
    },
  });

  // The route is /api/v1/contact itself, without a trailing-slash twin (contract-route.ts).
  app.route({
    ...routeOf(app, contracts.sendMessage, {
      summary: 'Send a message to the Vitrine team',
      description:
        'The message is stored, then mailed to the team from a background job. `website` is a honeypot that people leave empty.',
      tags: ['contact'],
      security: bearerToken,
      answers: { 201: 'Stored; it will be mailed' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 429], {
        400: 'Invalid request: malformed JSON (`invalid_json`), a bad value (`invalid_<field>`, with `field`), an unknown field (`unknown_field`), or a form token that is not valid for the caller (`form_token_invalid`), too recent (`form_submitted_too_fast`) or too old (`form_expired`)',
        413: `Body larger than ${contactFormRules.bodyLimitBytes / 1024} KB (\`payload_too_large\`)`,
        429: `More than ${contactFormRules.messagesPerUserPerHour} messages in the last hour (\`rate_limited\`)`,
      }),
    }),
    // A message is at most 5,000 characters; nothing legitimate comes near this.
    bodyLimit: contactFormRules.bodyLimitBytes,
    handler: async (request, reply) => {
      const result = await submitContactMessage(
        { db: database.db, jobs, log: request.log },
        authenticatedCaller(request).uid,
        request.body,
      );
      return reply.code(201).send({ data: result });
    },
  });
};
