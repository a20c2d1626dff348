import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { recordLiveEvent, type LiveEventRecord } from '#server/areas/live/index.ts';
import { createMetrics, listenForScrapes, type MetricsListener } from '#server/platform/metrics.ts';
import { session as sessionRules } from '#shared/constants.ts';
import { liveEventSchema, liveEventsPath } from '#shared/schemas/live.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import { eventually } from '../support/eventually.ts';
import { openEventStream, type EventStream } from '../support/event-stream.ts';
import { parseMetrics } from '../support/prometheus-text.ts';
import {
  clientHeaders,
  cookieHeader,
  emulatorHost,
  signIn,
  startBff,
  startEchoUpstream,
  type BffHarness,
  type RunningServer,
} from './bff-test-harness.ts';

/**
 * The live channel through a real BFF listening on a port, a real PostgreSQL (the events recorded
 * as the areas record them, announced with NOTIFY) and sessions opened with the Auth Emulator.
 */

let upstream: RunningServer;
let bff: BffHarness;
let baseUrl: string;
let metricsListener: MetricsListener;
const streams: EventStream[] = [];

beforeAll(async () => {
  upstream = await startEchoUpstream();
  const metrics = createMetrics({ onSampleError: () => {} });
  bff = await startBff({
    upstreamUrl: upstream.url,
    addSampledFigures: metrics.addSampledFigures,
    liveHeartbeatMs: 300,
  });
  baseUrl = await bff.app.listen({ port: 0, host: '127.0.0.1' });
  metricsListener = await listenForScrapes(metrics, { host: '127.0.0.1', port: 0 }, () => {});
}, 60_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await metricsListener?.close();
  await bff?.close();
  await upstream?.close();
});

interface Owner {
  uid: string;
  cookie: Record<string, string>;
}

async function signedInOwner(): Promise<Owner> {
  const user = await createEmailUser(emulatorHost());
  const sessionId = await signIn(bff.app, user);
  return { uid: user.uid, cookie: cookieHeader(sessionId) };
}

async function openChannel(owner: Owner, headers: Record<string, string> = {}) {
  const stream = await openEventStream(`${baseUrl}${liveEventsPath}`, {
    ...owner.cookie,
    ...headers,
  });
  streams.push(stream);
  return stream;
}

const record = (event: LiveEventRecord) => recordLiveEvent(bff.database.db, event);

const parsed = (stream: EventStream) =>
  stream.events.map((event) => liveEventSchema.parse(JSON.parse(event.data)));

async function openChannels(): Promise<number | undefined> {
  const text = await (await fetch(metricsListener.url)).text();
  return parseMetrics(text).value('vitrine_live_channels_open');
}

test("an owner's events reach their channel and never another owner's", async () => {
  const owner = await signedInOwner();
  const other = await signedInOwner();
  const mine = await openChannel(owner);
  const theirs = await openChannel(other);
  expect(mine.status).toBe(200);
  expect(mine.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(mine.headers.get('cache-control')).toBe('no-store');

  const shopId = randomUUID();
  await record({ ownerUid: owner.uid, shopId, type: 'audit.finished' });
  await record({ ownerUid: owner.uid, shopId: null, type: 'plan.changed' });
  await mine.waitForEvents(2);

  const events = parsed(mine);
  expect(events.map(({ type, shopId: store }) => ({ type, shopId: store }))).toEqual([
    { type: 'audit.finished', shopId },
    { type: 'plan.changed', shopId: null },
  ]);
  // The `id:` line is the event's id, which the browser sends back to resume.
  for (const event of mine.events) expect(JSON.parse(event.data)).toMatchObject({ id: event.id });
  expect(JSON.stringify(mine.events)).not.toContain(owner.uid);

  // The other owner's channel is open and alive (heartbeats) yet heard nothing.
  await eventually(
    'heartbeats on the other channel',
    () => theirs.comments.length,
    (n) => n >= 2,
  );
  expect(theirs.events).toEqual([]);
  expect(theirs.comments.every((comment) => comment === 'heartbeat')).toBe(true);
});

test('a channel resumed with Last-Event-ID is given only the events that followed it', async () => {
  const owner = await signedInOwner();
  const first = await openChannel(owner);
  await record({ ownerUid: owner.uid, shopId: null, type: 'store.connected' });
  const [seen] = await first.waitForEvents(1);
  first.close();
  await first.ended;

  // While the browser is away: two of its events, and one of someone else.
  await record({ ownerUid: owner.uid, shopId: null, type: 'catalog.synced' });
  await record({ ownerUid: `someone-else-${randomUUID()}`, shopId: null, type: 'plan.changed' });
  await record({ ownerUid: owner.uid, shopId: null, type: 'audit.finished' });

  const resumed = await openChannel(owner, { 'last-event-id': seen!.id! });
  await resumed.waitForEvents(2);
  await record({ ownerUid: owner.uid, shopId: null, type: 'post.published' });
  await resumed.waitForEvents(3);
  expect(parsed(resumed).map((event) => event.type)).toEqual([
    'catalog.synced',
    'audit.finished',
    'post.published',
  ]);
  const ids = parsed(resumed).map((event) => BigInt(event.id));
  expect(ids.every((id) => id > BigInt(seen!.id!))).toBe(true);

  // Without Last-Event-ID a channel starts from now: nothing is replayed.
  const fresh = await openChannel(owner);
  await eventually(
    'a heartbeat',
    () => fresh.comments.length,
    (n) => n >= 1,
  );
  expect(fresh.events).toEqual([]);
});

test('an event recorded in a transaction that rolls back is never sent', async () => {
  const owner = await signedInOwner();
  const channel = await openChannel(owner);
  await bff.database.db
    .transaction(async (tx) => {
      await recordLiveEvent(tx, { ownerUid: owner.uid, shopId: null, type: 'plan.changed' });
      throw new Error('rolled back');
    })
    .catch(() => {});
  await record({ ownerUid: owner.uid, shopId: null, type: 'store.disconnected' });
  await channel.waitForEvents(1);
  await eventually(
    'two heartbeats',
    () => channel.comments.length,
    (n) => n >= 2,
  );
  expect(parsed(channel).map((event) => event.type)).toEqual(['store.disconnected']);
});

test('without a session the channel is refused with 401', async () => {
  const anonymous = await fetch(`${baseUrl}${liveEventsPath}`);
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });

  const forged = await fetch(`${baseUrl}${liveEventsPath}`, {
    headers: cookieHeader('x'.repeat(43)),
  });
  expect(forged.status).toBe(401);
  // A session id in the query opens nothing either: only the cookie counts.
  const inUrl = await fetch(`${baseUrl}${liveEventsPath}?session=${'x'.repeat(43)}`);
  expect(inUrl.status).toBe(401);
});

test("a signed-out session's channel ends at its next heartbeat", async () => {
  const owner = await signedInOwner();
  const channel = await openChannel(owner);
  const signedOut = await bff.app.inject({
    method: 'DELETE',
    url: '/auth/session',
    headers: { ...clientHeaders, ...owner.cookie },
  });
  expect(signedOut.statusCode).toBe(204);
  await channel.ended;
  await record({ ownerUid: owner.uid, shopId: null, type: 'plan.changed' });
  expect(channel.events).toEqual([]);
});

test('the metrics count the channels open and drop those that close', async () => {
  const before = await eventually(
    'the channels of the other tests closed',
    openChannels,
    (value) => value !== undefined,
  );
  const owner = await signedInOwner();
  const channel = await openChannel(owner);
  await eventually('one more channel counted', openChannels, (value) => value === before! + 1);
  channel.close();
  await eventually('the closed channel dropped', openChannels, (value) => value === before);
});

test('a stop of the BFF ends the open channels at once instead of waiting for them', async () => {
  const other = await startBff({ upstreamUrl: upstream.url });
  const otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createEmailUser(emulatorHost());
  const sessionId = await signIn(other.app, user);
  const channel = await openEventStream(`${otherUrl}${liveEventsPath}`, {
    cookie: `${sessionRules.cookieName}=${sessionId}`,
  });
  streams.push(channel);
  expect(channel.status).toBe(200);

  const started = Date.now();
  await other.close();
  await channel.ended;
  expect(Date.now() - started).toBeLessThan(2_000);
});
