import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { HostPace, systemClock, type PaceClock } from './host-pace.ts';
import { publicAddressOf } from './public-address.ts';
import { allowEverything, parseRobotsTxt, type RobotsPolicy } from './robots-txt.ts';

/**
 * Fetches a store's storefront pages for the SEO audit, as a polite crawler does: it names itself
 * (`Vitrine-SEO-Audit/1.0 (+<our public address>)`), reads each host's robots.txt first and does not
 * fetch what it disallows, keeps at most `requestsPerSecond` requests per host, or across its hosts
 * (robots.txt included),
 * gives up on a connection or a silent answer after its timeouts, follows redirects itself (each hop
 * paced and checked against robots.txt) up to a limit while recording the chain, and stops reading a
 * body past a size cap. It never throws for a page: a failure is in the result's `error`. It reaches
 * only public addresses (public-address.ts), every hop of a redirect included, unless `connectTo`
 * routes the host elsewhere.
 */

export const auditProductToken = 'Vitrine-SEO-Audit';

export function auditUserAgent(publicUrl: string): string {
  return `${auditProductToken}/1.0 (+${publicUrl})`;
}

export interface StorefrontFetcherOptions {
  /** Our public address, named in the User-Agent so that a store owner can find who we are. */
  publicUrl: string;
  /** Default 2. */
  requestsPerSecond?: number;
  /**
   * The pace of the hosts `connectTo` routes, when not `requestsPerSecond`: local mode crawls its
   * local Shopify, a server of our own, faster than a store's storefront may be (config.ts). The
   * hosts it does not route keep `requestsPerSecond`.
   */
  routedRequestsPerSecond?: number;
  /**
   * One pace for every host the fetcher reads, rather than one per host: the fetcher of one store's
   * pass, so that a store whose languages or redirects lead to other domains still gets at most
   * `requestsPerSecond`.
   */
  paceAcrossHosts?: boolean;
  /** Default 10 s. */
  connectTimeoutMs?: number;
  /** How long an answer may stay silent (headers or body); default 10 s. */
  readTimeoutMs?: number;
  /**
   * How long one request may take in all, from looking its host up to the last byte of its body,
   * however steadily a slow server trickles it; default 30 s.
   */
  totalTimeoutMs?: number;
  /** Default 5 MB. */
  maxBodyBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /**
   * Where to connect for an address, when not the address itself: local mode and the tests reach
   * the local Shopify's storefronts this way (the Host header still names the store's domain). The
   * hosts it routes are trusted as they are; for the others it answers undefined, and they are
   * resolved and refused when local. Production gives none.
   */
  connectTo?: (
    url: URL,
  ) => { protocol: 'http:' | 'https:'; hostname: string; port: number } | undefined;
  clock?: PaceClock;
}

export interface RedirectHop {
  url: string;
  status: number;
  location: string;
}

export interface FetchedStorefrontPage {
  url: string;
  finalUrl: string;
  /** Null when no answer was read (robots.txt disallows it, or `error`). */
  status: number | null;
  headers: { 'content-type'?: string; 'x-robots-tag'?: string; link?: string };
  /** The body when it is HTML; '' otherwise. */
  html: string;
  blockedByRobotsTxt: boolean;
  redirects: RedirectHop[];
  error?: string;
  /** Set when `error` is a timeout: the store took the request and did not answer in time. */
  timedOut?: true;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

class FetchFailure extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** The robots.txt of a host as the fetcher read it (redirects followed). */
export interface FetchedRobotsTxt {
  url: string;
  /** Null when no answer was read (`error`), or when its redirects did not end. */
  status: number | null;
  /** The text when the status is 2xx; '' otherwise. */
  body: string;
  error?: string;
}

export interface StorefrontFetcher {
  fetchPage(url: string): Promise<FetchedStorefrontPage>;
  /** The robots.txt of `url`'s host, read once for the pages and the store's check (R03). */
  readRobotsTxt(url: string): Promise<FetchedRobotsTxt>;
}

export function createStorefrontFetcher(options: StorefrontFetcherOptions): StorefrontFetcher {
  const userAgent = auditUserAgent(options.publicUrl);
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const readTimeoutMs = options.readTimeoutMs ?? 10_000;
  const totalTimeoutMs = options.totalTimeoutMs ?? 30_000;
  const maxBodyBytes = options.maxBodyBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const clock = options.clock ?? systemClock;
  const pace = new HostPace(1000 / (options.requestsPerSecond ?? 2), clock);
  const routedPace =
    options.routedRequestsPerSecond === undefined
      ? pace
      : new HostPace(1000 / options.routedRequestsPerSecond, clock);
  const robotsByOrigin = new Map<string, Promise<RobotsPolicy>>();

  /** Where to connect for `url`: the route connectTo gives, or the public address the host has. */
  const targetOf = async (url: URL) => {
    const routed = options.connectTo?.(url);
    if (routed !== undefined) return routed;
    return {
      protocol: url.protocol as 'http:' | 'https:',
      hostname: await publicAddressOf(url.hostname),
      port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    };
  };

  const request = async (url: URL): Promise<RawAnswer> => {
    let abandon = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outOfTime = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        abandon();
        reject(new FetchFailure(`no complete answer within ${totalTimeoutMs} ms`, true));
      }, totalTimeoutMs);
    });
    try {
      return await Promise.race([
        send(url, (destroy) => {
          abandon = destroy;
        }),
        outOfTime,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  /** One request, `onRequest` given a way to abandon it once it is under way. */
  const send = async (url: URL, onRequest: (destroy: () => void) => void): Promise<RawAnswer> => {
    const target = await targetOf(url).catch((error: unknown) => {
      throw new FetchFailure(error instanceof Error ? error.message : String(error));
    });
    return new Promise((resolve, reject) => {
      const client = target.protocol === 'https:' ? https : http;
      const outgoing = client.request({
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: 'GET',
        path: `${url.pathname}${url.search}`,
        // The certificate is checked against the store's name, not the address connected to.
        ...(isIP(url.hostname.replace(/^\[(.*)\]$/, '$1')) === 0 && { servername: url.hostname }),
        headers: {
          Host: url.host,
          'User-Agent': userAgent,
          Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          'Accept-Encoding': 'identity',
        },
      });
      onRequest(() => outgoing.destroy());
      const fail = (message: string, timedOut = false) => {
        outgoing.destroy();
        reject(new FetchFailure(message, timedOut));
      };
      const connectTimer = setTimeout(
        () => fail(`no connection within ${connectTimeoutMs} ms`, true),
        connectTimeoutMs,
      );
      outgoing.on('socket', (socket) => {
        if (!socket.connecting) clearTimeout(connectTimer);
        else socket.once('connect', () => clearTimeout(connectTimer));
      });
      outgoing.setTimeout(readTimeoutMs, () =>
        fail(`no answer for ${readTimeoutMs} ms while reading`, true),
      );
      outgoing.on('error', (error) => {
        clearTimeout(connectTimer);
        reject(error instanceof FetchFailure ? error : new FetchFailure(error.message));
      });
      outgoing.on('response', (response) => {
        clearTimeout(connectTimer);
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBodyBytes) {
          fail(`body larger than ${maxBodyBytes} bytes`);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBodyBytes) fail(`body larger than ${maxBodyBytes} bytes`);
          else chunks.push(chunk);
        });
        response.on('error', (error) => fail(error.message));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      outgoing.end();
    });
  };

  const pacedRequest = async (url: URL) => {
    const paceOfUrl = options.connectTo?.(url) === undefined ? pace : routedPace;
    await paceOfUrl.wait(options.paceAcrossHosts === true ? 'every host' : url.host);
    return request(url);
  };

  /**
   * The host's robots.txt as answered, read once (a failure to answer is asked again): redirects
   * followed up to the same limit, as RFC 9309 asks of crawlers; a status null when they do not end.
   */
  const robotsAnswersByOrigin = new Map<string, Promise<FetchedRobotsTxt & { error?: never }>>();
  const robotsAnswerOf = (url: URL) => {
    let answer = robotsAnswersByOrigin.get(url.origin);
    if (answer === undefined) {
      answer = (async () => {
        let robotsUrl = new URL('/robots.txt', url.origin);
        for (let hops = 0; ; hops++) {
          const raw = await pacedRequest(robotsUrl);
          const location = raw.headers.location;
          if (raw.status >= 300 && raw.status < 400 && location !== undefined) {
            if (hops >= maxRedirects) return { url: robotsUrl.href, status: null, body: '' };
            robotsUrl = new URL(location, robotsUrl);
            continue;
          }
          const ok = raw.status >= 200 && raw.status < 300;
          return { url: robotsUrl.href, status: raw.status, body: ok ? raw.body : '' };
        }
      })();
      robotsAnswersByOrigin.set(url.origin, answer);
      // An answer that holds the pages back (a server error) is not kept either: asked again.
      answer.then(
        ({ status }) => {
          const kept =
            status === null || (status >= 200 && status < 300) || (status >= 400 && status < 500);
          if (!kept) robotsAnswersByOrigin.delete(url.origin);
        },
        () => robotsAnswersByOrigin.delete(url.origin),
      );
    }
    return answer;
  };

  /**
   * The host's robots.txt, read once: a 4xx (or too many redirects) means no rules; a 5xx or no
   * answer means no page of the host is fetched, as a search engine holds back then.
   */
  const robotsOf = (url: URL): Promise<RobotsPolicy> => {
    let policy = robotsByOrigin.get(url.origin);
    if (policy === undefined) {
      policy = (async () => {
        const answer = await robotsAnswerOf(url);
        if (answer.status === null) return allowEverything;
        if (answer.status >= 200 && answer.status < 300)
          return parseRobotsTxt(answer.body, auditProductToken);
        if (answer.status >= 400 && answer.status < 500) return allowEverything;
        throw new FetchFailure(`robots.txt answered ${answer.status}`);
      })();
      robotsByOrigin.set(url.origin, policy);
      // A failure is not kept: the next page asks again.
      policy.catch(() => robotsByOrigin.delete(url.origin));
    }
    return policy;
  };

  const headerText = (value: string | string[] | undefined) =>
    Array.isArray(value) ? value.join('\n') : value;

  return {
    async readRobotsTxt(address) {
      const robotsUrl = new URL('/robots.txt', address).href;
      try {
        return await robotsAnswerOf(new URL(address));
      } catch (error) {
        return {
          url: robotsUrl,
          status: null,
          body: '',
          error: error instanceof Error ? error.message : String(error),
        };
      }
    },

    async fetchPage(address) {
      const result: FetchedStorefrontPage = {
        url: address,
        finalUrl: address,
        status: null,
        headers: {},
        html: '',
        blockedByRobotsTxt: false,
        redirects: [],
      };
      try {
        let url = new URL(address);
        for (;;) {
          if (url.protocol !== 'http:' && url.protocol !== 'https:')
            throw new FetchFailure(`not a web address: ${url.protocol}`);
          result.finalUrl = url.href;
          const robots = await robotsOf(url);
          if (!robots.isAllowed(`${url.pathname}${url.search}`)) {
            result.blockedByRobotsTxt = true;
            return result;
          }
          const answer = await pacedRequest(url);
          const location = answer.headers.location;
          if (answer.status >= 300 && answer.status < 400 && location !== undefined) {
            result.redirects.push({ url: url.href, status: answer.status, location });
            if (result.redirects.length > maxRedirects)
              throw new FetchFailure(`more than ${maxRedirects} redirects`);
            url = new URL(location, url);
            continue;
          }
          result.status = answer.status;
          const contentType = answer.headers['content-type'];
          result.headers = {
            ...(contentType !== undefined && { 'content-type': contentType }),
            ...(answer.headers['x-robots-tag'] !== undefined && {
              'x-robots-tag': headerText(answer.headers['x-robots-tag']),
            }),
            ...(answer.headers.link !== undefined && { link: headerText(answer.headers.link) }),
          };
          if (/html/i.test(contentType ?? '')) result.html = answer.body;
          return result;
        }
      } catch (error) {
        result.error = error instanceof Error ? error.message : String(error);
        if (error instanceof FetchFailure && error.timedOut) result.timedOut = true;
        return result;
      }
    },
  };
}
