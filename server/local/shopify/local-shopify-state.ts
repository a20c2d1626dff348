import type { AdminContext, UserErrorRecord, WebhookSubscriptionRecord } from './admin-schema.ts';
import type { AppInstallations, Installation } from './app-installations.ts';
import { BulkOperations, type BulkOperationFiles } from './bulk-operations.ts';
import { gid } from './catalog-model.ts';
import { shopPayload } from './rest-payloads.ts';
import type { SeededStore } from './seeded-store.ts';
import {
  failedAttemptsRemovingSubscription,
  type WebhookDeliveries,
} from './webhook-deliveries.ts';

/**
 * Everything a running local Shopify holds: its stores, the app's installations on them, each
 * installation's bulk operations and webhook subscriptions, and the deliveries under way. The HTTP
 * routes (Shopify's and the `_local` controls) all act through it.
 */

export const supportedApiVersions = ['2026-01', '2026-04', '2026-07', '2026-10'] as const;

/**
 * The version a request names, as Shopify serves it: a supported one as it is; a retired quarterly
 * release (an earlier YYYY-01, -04, -07 or -10) falls forward to the oldest supported one; anything
 * else (a month that was never a release, a version not out yet, a typo) is not found.
 */
export function servedApiVersion(requested: string): string | undefined {
  if ((supportedApiVersions as readonly string[]).includes(requested)) return requested;
  const isRelease = /^\d{4}-(01|04|07|10)$/.test(requested);
  if (isRelease && requested < supportedApiVersions[0]) return supportedApiVersions[0];
  return undefined;
}

/** The webhook topic names of the GraphQL enum, as the `X-Shopify-Topic` header spells them. */
export const webhookTopics: Record<string, string> = {
  APP_UNINSTALLED: 'app/uninstalled',
  APP_SCOPES_UPDATE: 'app/scopes_update',
  BULK_OPERATIONS_FINISH: 'bulk_operations/finish',
  COLLECTIONS_CREATE: 'collections/create',
  COLLECTIONS_DELETE: 'collections/delete',
  COLLECTIONS_UPDATE: 'collections/update',
  DOMAINS_CREATE: 'domains/create',
  DOMAINS_DESTROY: 'domains/destroy',
  DOMAINS_UPDATE: 'domains/update',
  LOCALES_CREATE: 'locales/create',
  LOCALES_DESTROY: 'locales/destroy',
  LOCALES_UPDATE: 'locales/update',
  PRODUCTS_CREATE: 'products/create',
  PRODUCTS_DELETE: 'products/delete',
  PRODUCTS_UPDATE: 'products/update',
  SHOP_UPDATE: 'shop/update',
};

/** Locally, plain http is accepted on this machine; elsewhere only https, as on Shopify. */
function acceptableUri(uri: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return true;
  return (
    parsed.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname)
  );
}

/**
 * A store's result downloads held after a number of bytes (`_local/api/result-downloads`): each
 * download sends that many bytes of its file, then nothing, its connection left open, until
 * `released` resolves (the hold is lifted).
 */
export interface ResultDownloadHold {
  afterBytes: number;
  released: Promise<void>;
}

/**
 * The statuses the token endpoint can be made to answer (`_local/api/token-endpoint-failures`): what
 * Shopify answers when a request takes too long (408), when the app sends too many (429) or when it
 * fails on its side (5xx). None of them says anything about the credentials sent.
 */
export const tokenEndpointFailureStatuses = [408, 429, 500, 502, 503, 504] as const;
export type TokenEndpointFailureStatus = (typeof tokenEndpointFailureStatuses)[number];

export class LocalShopifyState {
  /** By store: the status the token endpoint answers, and to how many more requests (null: all). */
  private readonly tokenEndpointFailures = new Map<
    string,
    { status: TokenEndpointFailureStatus; remaining: number | null }
  >();
  private readonly bulkOperations = new WeakMap<Installation, BulkOperations>();
  /** Which store each result file belongs to, by file name. */
  private readonly resultFileStores = new Map<string, string>();
  private readonly resultDownloadHolds = new Map<
    string,
    ResultDownloadHold & { release: () => void }
  >();
  /**
   * By store: the hold on the token endpoint's answers (lifted or not), and how many requests it has
   * received since it was set.
   */
  private readonly tokenEndpointHolds = new Map<
    string,
    {
      held: boolean;
      received: number;
      waiting: number;
      released: Promise<void>;
      release: () => void;
    }
  >();
  private lastId = 4_300_000_000;
  /** Failed deliveries in a row, per subscription. */
  private readonly failedAttempts = new WeakMap<WebhookSubscriptionRecord, number>();
  private stopped = false;

  constructor(
    readonly stores: Map<string, SeededStore>,
    readonly installations: AppInstallations,
    readonly deliveries: WebhookDeliveries,
    readonly app: {
      apiKey: string;
      apiSecret: string;
      appUrl: string;
      redirectUrls: string[];
      complianceWebhookUrl: string;
    },
    private readonly files: BulkOperationFiles,
    readonly log: (line: string) => void,
  ) {}

  nextId(): number {
    return ++this.lastId;
  }

  /** What a GraphQL request of the app on this store runs with. */
  contextFor(store: SeededStore, installation: Installation, apiVersion: string): AdminContext {
    return {
      store,
      apiVersion,
      app: { apiKey: this.app.apiKey, uninstall: () => this.uninstall(store) },
      fire: (topic, payload) => this.fire(store, topic, payload),
      bulkOperations: this.bulkOperationsOf(store, installation),
      webhookSubscriptions: {
        create: (topic, input, version) => this.subscribe(installation, topic, input, version),
        delete: (id) => {
          const index = installation.webhookSubscriptions.findIndex((item) => item.id === id);
          if (index === -1) {
            return {
              userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
            };
          }
          installation.webhookSubscriptions.splice(index, 1);
          return { deletedId: id, userErrors: [] };
        },
        list: () => installation.webhookSubscriptions,
      },
    };
  }

  private bulkOperationsOf(store: SeededStore, installation: Installation): BulkOperations {
    let operations = this.bulkOperations.get(installation);
    if (operations === undefined) {
      const created: BulkOperations = new BulkOperations({
        files: {
          directory: this.files.directory,
          urlOf: (fileName) => {
            this.resultFileStores.set(fileName, store.domain);
            return this.files.urlOf(fileName);
          },
        },
        nextId: () => this.nextId(),
        context: () => this.contextFor(store, installation, supportedApiVersions.at(-1)!),
        onFinish: (operation) =>
          this.fire(store, 'BULK_OPERATIONS_FINISH', {
            admin_graphql_api_id: gid('BulkOperation', operation.id),
            completed_at: operation.completedAt,
            created_at: operation.createdAt,
            error_code: operation.errorCode?.toLowerCase() ?? null,
            status: operation.status.toLowerCase(),
            type: 'query',
          }),
        log: this.log,
      });
      operations = created;
      this.bulkOperations.set(installation, created);
    }
    return operations;
  }

  private subscribe(
    installation: Installation,
    topic: string,
    input: {
      uri?: string | null;
      callbackUrl?: string | null;
      format?: string | null;
      includeFields?: string[] | null;
      filter?: string | null;
    },
    apiVersion: string,
  ): { subscription?: WebhookSubscriptionRecord; userErrors: UserErrorRecord[] } {
    const uri = input.uri ?? input.callbackUrl ?? '';
    if (!acceptableUri(uri)) {
      return {
        userErrors: [
          { field: ['webhookSubscription', 'callbackUrl'], message: 'Address is invalid' },
        ],
      };
    }
    if (
      installation.webhookSubscriptions.some((item) => item.topic === topic && item.uri === uri)
    ) {
      return {
        userErrors: [
          {
            field: ['webhookSubscription', 'callbackUrl'],
            message: 'Address for this topic has already been taken',
          },
        ],
      };
    }
    const now = new Date().toISOString();
    const subscription: WebhookSubscriptionRecord = {
      id: this.nextId(),
      topic,
      uri,
      apiVersion,
      format: input.format === 'XML' ? 'XML' : 'JSON',
      includeFields: input.includeFields ?? [],
      filter: input.filter ?? null,
      createdAt: now,
      updatedAt: now,
    };
    installation.webhookSubscriptions.push(subscription);
    return { subscription, userErrors: [] };
  }

  /** Delivers `topic` to every subscription the app has for it on this store. */
  fire(store: SeededStore, topic: string, payload: unknown) {
    if (this.stopped) return;
    const installation = this.installations.get(store.domain);
    if (installation === undefined) return;
    for (const subscription of installation.webhookSubscriptions) {
      if (subscription.topic !== topic) continue;
      this.deliveries.deliver(
        {
          topic: webhookTopics[topic] ?? topic.toLowerCase(),
          shopDomain: store.domain,
          uri: subscription.uri,
          apiVersion: subscription.apiVersion,
          payload,
        },
        (delivered) => this.countAttempt(store, installation, subscription, delivered),
      );
    }
  }

  /**
   * A subscription whose deliveries failed `failedAttemptsRemovingSubscription` times in a row is
   * deleted, as Shopify deletes it: the app hears nothing more of that topic until it subscribes
   * again.
   */
  private countAttempt(
    store: SeededStore,
    installation: Installation,
    subscription: WebhookSubscriptionRecord,
    delivered: boolean,
  ) {
    const failures = delivered ? 0 : (this.failedAttempts.get(subscription) ?? 0) + 1;
    this.failedAttempts.set(subscription, failures);
    if (failures < failedAttemptsRemovingSubscription) return;
    const index = installation.webhookSubscriptions.indexOf(subscription);
    if (index === -1) return;
    installation.webhookSubscriptions.splice(index, 1);
    this.log(
      `Webhook subscription ${subscription.topic} of ${store.domain} to ${subscription.uri} deleted after ${failures} failed deliveries in a row`,
    );
  }

  /** The owner removed the app (or the app asked to be removed): tokens refused, app/uninstalled sent. */
  uninstall(store: SeededStore): boolean {
    const installation = this.installations.get(store.domain);
    if (installation === undefined) return false;
    this.fire(store, 'APP_UNINSTALLED', shopPayload(store.shop));
    this.bulkOperations.get(installation)?.stop();
    this.installations.uninstall(store.domain);
    this.log(`App uninstalled from ${store.domain}`);
    return true;
  }

  /** A privacy topic, sent to the app's compliance address (whether installed or not). */
  compliance(
    store: SeededStore,
    topic: 'shop/redact' | 'customers/redact' | 'customers/data_request',
    payload: unknown,
  ) {
    return this.deliveries.deliver({
      topic,
      shopDomain: store.domain,
      uri: this.app.complianceWebhookUrl,
      apiVersion: supportedApiVersions.at(-1)!,
      payload,
    });
  }

  /**
   * Holds the store's result downloads started from now on after `afterBytes` bytes, or with null
   * lifts the hold: the downloads held go on to the end of their file.
   */
  holdResultDownloads(store: SeededStore, afterBytes: number | null) {
    this.resultDownloadHolds.get(store.domain)?.release();
    this.resultDownloadHolds.delete(store.domain);
    if (afterBytes === null) return;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.resultDownloadHolds.set(store.domain, { afterBytes, released, release });
  }

  /**
   * Makes the store's token endpoint answer `status` to the next `times` requests (every request
   * when `times` is null), or with null answers again as usual.
   */
  failTokenRequests(
    store: SeededStore,
    failure: { status: TokenEndpointFailureStatus; times: number | null } | null,
  ) {
    if (failure === null) this.tokenEndpointFailures.delete(store.domain);
    else
      this.tokenEndpointFailures.set(store.domain, {
        status: failure.status,
        remaining: failure.times,
      });
  }

  /**
   * Holds the answers of the store's token endpoint from now on (`held`), or lifts the hold: the
   * requests held are answered as they would have been. The requests received are counted from the
   * time the hold is set until it is set again.
   */
  holdTokenRequests(store: SeededStore, held: boolean) {
    const current = this.tokenEndpointHolds.get(store.domain);
    if (current !== undefined) {
      current.held = false;
      current.release();
    }
    if (!held) return;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.tokenEndpointHolds.set(store.domain, {
      held: true,
      received: 0,
      waiting: 0,
      released,
      release,
    });
  }

  /** The hold on the store's token endpoint: requests received since it was set, and held now. */
  tokenEndpointHold(store: SeededStore): { held: boolean; received: number; waiting: number } {
    const hold = this.tokenEndpointHolds.get(store.domain);
    return hold === undefined
      ? { held: false, received: 0, waiting: 0 }
      : { held: hold.held, received: hold.received, waiting: hold.waiting };
  }

  /** Counts a request to the store's token endpoint and, while it is held, waits for the release. */
  async awaitTokenEndpointHold(store: SeededStore): Promise<void> {
    const hold = this.tokenEndpointHolds.get(store.domain);
    if (hold === undefined) return;
    hold.received += 1;
    if (!hold.held) return;
    hold.waiting += 1;
    await hold.released;
    hold.waiting -= 1;
  }

  /** The failure the store's token endpoint answers to this request, if one is set; counts it. */
  takeTokenEndpointFailure(store: SeededStore): TokenEndpointFailureStatus | undefined {
    const failure = this.tokenEndpointFailures.get(store.domain);
    if (failure === undefined) return undefined;
    if (failure.remaining !== null) {
      failure.remaining -= 1;
      if (failure.remaining <= 0) this.tokenEndpointFailures.delete(store.domain);
    }
    return failure.status;
  }

  /** The hold on a result file's downloads, if its store has one. */
  resultDownloadHold(fileName: string): ResultDownloadHold | undefined {
    const domain = this.resultFileStores.get(fileName);
    return domain === undefined ? undefined : this.resultDownloadHolds.get(domain);
  }

  stop() {
    this.stopped = true;
    for (const hold of this.resultDownloadHolds.values()) hold.release();
    for (const hold of this.tokenEndpointHolds.values()) hold.release();
    for (const installation of this.installations.all())
      this.bulkOperations.get(installation)?.stop();
    this.deliveries.stop();
  }
}
