import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { session as sessionRules } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { liveEventsPath, type LiveEvent } from '#shared/schemas/live.ts';
import type { LiveEventFeed } from '#server/areas/live/index.ts';
import { sessionIsLive, type SessionContext } from '#server/areas/sessions/index.ts';
import { requireSession } from '../plugins/session.ts';

export interface LiveEventsRouteOptions {
  feed: LiveEventFeed;
  context: SessionContext;
  /** How often a comment line keeps proxies from closing a quiet channel; default 20 s. */
  heartbeatMs: number;
}

/** Events a resume replays at most; a browser away for longer reads its screens again anyway. */
const replayLimit = 500;
/** What the browser waits before reconnecting a lost channel (the screens follow within 2 s). */
const reconnectDelayMs = 1_000;

/** `Last-Event-ID` as the browser sends it back: the id of the last event it was given. */
function lastEventIdOf(header: string | string[] | undefined): bigint | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,18}$/.test(value)) return undefined;
  return BigInt(value);
}

const eventText = (event: LiveEvent) => `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * `GET /live/events`: the signed-in browser's Server-Sent Events channel. It is authorised by the
 * session cookie alone (no token reaches the browser or the URL) and carries only the session
 * owner's events; a browser that reconnects sends `Last-Event-ID` and is given what it missed. A
 * comment line every heartbeat keeps it open through proxies, and each heartbeat checks that the
 * session is still live (signed out elsewhere, expired): the channel ends when it is not. A stop of
 * the BFF ends every channel first, so none holds it up.
 */
async function liveEventsRoute(
  fastify: FastifyInstance,
  options: LiveEventsRouteOptions,
): Promise<void> {
  const { feed, context } = options;
  const openChannels = new Set<() => void>();
  fastify.addHook('preClose', async () => {
    for (const end of [...openChannels]) end();
  });

  fastify.get(liveEventsPath, async (request, reply) => {
    const session = await requireSession(request);
    const sessionId = request.cookies[sessionRules.cookieName]!;
    // Events heard while the missed ones are read are held, then given after them, once each.
    let held: LiveEvent[] | undefined = [];
    const stream = new PassThrough();
    const sent = new Set<string>();
    const send = (event: LiveEvent) => {
      if (held !== undefined) held.push(event);
      else stream.write(eventText(event));
    };
    let unsubscribe: () => void;
    try {
      unsubscribe = await feed.subscribe(session.uid, send);
    } catch (error) {
      request.log.error({ err: error }, 'live channel could not listen');
      throw new AppError('server_busy', 503, { message: 'Live updates are unavailable' });
    }

    const heartbeat = setInterval(() => {
      stream.write(': heartbeat\n\n');
      sessionIsLive(context, sessionId).then(
        (live) => {
          if (!live) end();
        },
        (error: unknown) => request.log.warn({ err: error }, 'live channel: session not checked'),
      );
    }, options.heartbeatMs);
    const end = () => {
      if (!openChannels.delete(end)) return;
      clearInterval(heartbeat);
      unsubscribe();
      stream.end();
    };
    openChannels.add(end);
    reply.raw.on('close', end);

    stream.write(`retry: ${reconnectDelayMs}\n\n`);
    const lastEventId = lastEventIdOf(request.headers['last-event-id']);
    if (lastEventId !== undefined) {
      try {
        for (const event of await feed.eventsAfter(session.uid, lastEventId, replayLimit)) {
          sent.add(event.id);
          stream.write(eventText(event));
        }
      } catch (error) {
        request.log.warn({ err: error }, 'live channel: missed events not read');
      }
    }
    const heard = held;
    held = undefined;
    for (const event of heard) if (!sent.has(event.id)) stream.write(eventText(event));

    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // Proxies that buffer answers (nginx) pass this one on as it comes.
        .header('x-accel-buffering', 'no')
        // Each channel has a connection of its own, closed with it (a stop ends it at once).
        .header('connection', 'close')
        .send(stream)
    );
  });
}

export const liveEventsRoutes = fp(liveEventsRoute, {
  name: 'bff-live-events',
  dependencies: ['bff-session'],
});
