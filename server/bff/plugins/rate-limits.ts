import net from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  onResponseHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#shared/errors.ts';

/** A budget of requests per client address and time window. */
export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
}

export interface BffRateLimits {
  /**
   * Failed POST /auth/session and /auth/session/reauthenticate calls (any 4xx answer but 429), per
   * address. Successes do not count, so the people behind one office address are never locked out by
   * signing in; only an address that keeps sending what fails is.
   */
  signIn: RateLimitRule;
  /**
   * Every POST /auth/session and /auth/session/reauthenticate call, per address, successes included:
   * each costs Firebase round trips and a success stores a session, so this bounds what one address
   * can make the BFF do. Generous, since honest sign-ins rarely come this fast from one address.
   */
  signInAttempts: RateLimitRule;
  /** The other /auth/session routes: read on every app start, so a more generous budget. */
  session: RateLimitRule;
  /**
   * POST /api/v1/contact: beside the API's limit per user, so that one address with many accounts
   * cannot flood the inbox.
   */
  contact: RateLimitRule;
  /**
   * POST /auth/session/verification-email, per session (per address without one): each call mails a
   * person, so one user cannot be flooded, nor Firebase's sending quota spent.
   */
  verificationEmail: RateLimitRule;
}

export const defaultRateLimits: BffRateLimits = {
  signIn: { max: 20, timeWindowMs: 10 * 60_000 },
  signInAttempts: { max: 60, timeWindowMs: 60_000 },
  session: { max: 300, timeWindowMs: 60_000 },
  contact: { max: 10, timeWindowMs: 60 * 60_000 },
  verificationEmail: { max: 1, timeWindowMs: 30_000 },
};

/**
 * The client an address stands for, as every per-address limit counts it. An IPv4 client is its
 * address, whether it arrives as IPv4, as IPv4-mapped IPv6 (`::ffff:192.0.2.1`) or translated by a
 * NAT64 gateway into the well-known prefix (`64:ff9b::192.0.2.1`, where the gateway's many IPv4
 * clients share one /64). An IPv6 client is its /64: a single subscriber is routinely handed a whole
 * /64 and may pick any address in it, so counting per address would give one machine 2^64 budgets.
 */
export function clientAddressKey(address: string): string {
  if (net.isIPv4(address)) return address;
  const withoutZone = address.split('%')[0] ?? address;
  if (!net.isIPv6(withoutZone)) return address;
  const groups = ipv6Groups(withoutZone);
  const mappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64Ipv4 =
    groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (mappedIpv4 || nat64Ipv4) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, with `::` and a dotted IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dottedTail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dottedTail !== null) {
    const [a, b, c, d] = dottedTail.slice(1).map(Number) as [number, number, number, number];
    const tail = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    text = text.slice(0, dottedTail.index) + tail;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  if (rest === undefined) return front;
  const back = parse(rest);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The key of every per-address limit: the client's address as clientAddressKey counts it. */
export function addressKeyOf(request: FastifyRequest): string {
  return clientAddressKey(request.ip);
}

/**
 * The route option that puts a route under a rule, counted per route and per client address, or per
 * whatever `keyOf` returns for the request.
 */
export function rateLimitedRoute(rule: RateLimitRule, keyOf?: (request: FastifyRequest) => string) {
  return {
    rateLimit: {
      max: rule.max,
      timeWindow: rule.timeWindowMs,
      ...(keyOf !== undefined && { keyGenerator: keyOf }),
    },
  };
}

/** The hooks that put routes under a budget of failures; share one to count several routes together. */
export interface FailureLimit {
  /** onRequest: 429 `rate_limited` once the client has spent its failures for the window. */
  onRequest: onRequestHookHandler;
  /** onResponse: counts an answer that blames the request (4xx, but not 429, which was not served). */
  onResponse: onResponseHookHandler;
}

/** Enough for a flood from many addresses; beyond it the oldest counters are dropped first. */
const maxTrackedClients = 100_000;

/**
 * A budget of failed requests per client address, for the routes where a success must cost nothing:
 * an honest user is refused only if their address itself keeps failing. Counters live in this process
 * and each window starts with the client's first failure. Failures are counted when the answer
 * leaves, so requests sent all at once are bounded by the route's budget of attempts, not by this.
 */
export function createFailureLimit(
  rule: RateLimitRule,
  now: () => number = Date.now,
): FailureLimit {
  const counters = new Map<string, { failures: number; windowEndsAt: number }>();
  const liveCounter = (key: string) => {
    const counter = counters.get(key);
    if (counter !== undefined && counter.windowEndsAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };
  const makeRoom = () => {
    // Every window lasts as long, so insertion order is the order windows end in: the first entry
    // is the one to lose, expired or not.
    const oldest = counters.keys().next().value;
    if (oldest !== undefined) counters.delete(oldest);
  };

  return {
    async onRequest(request, reply) {
      const counter = liveCounter(addressKeyOf(request));
      if (counter === undefined || counter.failures < rule.max) return;
      const retryAfterSeconds = Math.max(1, Math.ceil((counter.windowEndsAt - now()) / 1000));
      void reply.header('retry-after', String(retryAfterSeconds));
      throw new AppError('rate_limited', 429, {
        message: `Too many failed attempts; retry in ${retryAfterSeconds} seconds`,
      });
    },
    async onResponse(request, reply) {
      if (reply.statusCode < 400 || reply.statusCode >= 500 || reply.statusCode === 429) return;
      const key = addressKeyOf(request);
      const counter = liveCounter(key);
      if (counter !== undefined) {
        counter.failures += 1;
        return;
      }
      if (counters.size >= maxTrackedClients) makeRoom();
      counters.set(key, { failures: 1, windowEndsAt: now() + rule.timeWindowMs });
    },
  };
}

/**
 * @fastify/rate-limit, only where a route asks for it, counting per client address (IPv6 per /64)
 * unless the route says otherwise. Counters live in this process: with several BFF instances each
 * enforces its own budget, which still bounds what one address can do to Firebase.
 */
async function rateLimits(fastify: FastifyInstance): Promise<void> {
  await fastify.register(rateLimit, {
    global: false,
    keyGenerator: addressKeyOf,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', 429, {
        message: `Too many requests; retry in ${context.after}`,
      }),
  });
}

export default fp(rateLimits, { name: 'bff-rate-limits' });
