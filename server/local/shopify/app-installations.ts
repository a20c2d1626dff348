import { randomBytes } from 'node:crypto';
import { CostBucket, type BucketSettings } from './cost-bucket.ts';
import type { WebhookSubscriptionRecord } from './admin-schema.ts';

/**
 * The app's installations, one per store, and the credentials Shopify hands out for them:
 * authorization codes (single use, short-lived), access tokens (expiring unless the app asked for a
 * non-expiring one) and refresh tokens (rotated: each refresh returns a new pair, and the refresh token
 * it replaced stays usable until the new one is used, as Shopify has done since 2026-08-28).
 */

export const authorizationCodeLifetimeMs = 60_000;

export interface TokenLifetimes {
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
}

export interface TokenGrant {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

export interface Installation {
  shopDomain: string;
  scopes: string[];
  installedAt: string;
  /** token → expiry (ms since epoch), null for a non-expiring token. */
  accessTokens: Map<string, number | null>;
  refresh?: {
    current: { token: string; expiresAt: number };
    /** The refresh token `current` replaced: usable until `current` is used. */
    previous?: { token: string; expiresAt: number };
  };
  webhookSubscriptions: WebhookSubscriptionRecord[];
  bucket: CostBucket;
}

interface PendingCode {
  shopDomain: string;
  scopes: string[];
  expiresAt: number;
}

export type Refusal = { status: number; body: { error: string; error_description: string } };

const token = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export class AppInstallations {
  private readonly installations = new Map<string, Installation>();
  private readonly codes = new Map<string, PendingCode>();

  constructor(
    private readonly app: { apiKey: string; apiSecret: string },
    private lifetimes: TokenLifetimes,
    private bucketSettings: BucketSettings,
  ) {}

  get(shopDomain: string): Installation | undefined {
    return this.installations.get(shopDomain);
  }

  all(): Installation[] {
    return [...this.installations.values()];
  }

  setLifetimes(lifetimes: TokenLifetimes) {
    this.lifetimes = lifetimes;
  }

  setBucket(settings: BucketSettings) {
    this.bucketSettings = settings;
    for (const installation of this.installations.values()) installation.bucket.configure(settings);
  }

  bucketFor(shopDomain: string) {
    return this.installations.get(shopDomain)?.bucket;
  }

  issueCode(shopDomain: string, scopes: string[]): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, {
      shopDomain,
      scopes,
      expiresAt: Date.now() + authorizationCodeLifetimeMs,
    });
    return code;
  }

  private clientRefusal(body: Record<string, unknown>): Refusal | undefined {
    if (body.client_id !== this.app.apiKey || body.client_secret !== this.app.apiSecret) {
      return {
        status: 401,
        body: {
          error: 'invalid_client',
          error_description:
            'Client authentication failed: unknown client_id or wrong client_secret',
        },
      };
    }
    return undefined;
  }

  /** `POST /admin/oauth/access_token`, both grants. */
  grant(shopDomain: string, body: Record<string, unknown>): TokenGrant | Refusal {
    const refusal = this.clientRefusal(body);
    if (refusal !== undefined) return refusal;
    if (body.grant_type === 'refresh_token')
      return this.refresh(shopDomain, String(body.refresh_token ?? ''));
    if (body.grant_type !== undefined && body.grant_type !== 'authorization_code') {
      return {
        status: 400,
        body: {
          error: 'unsupported_grant_type',
          error_description: `The grant type ${String(body.grant_type)} is not supported`,
        },
      };
    }
    return this.exchangeCode(
      shopDomain,
      String(body.code ?? ''),
      body.expiring === '1' || body.expiring === 1,
    );
  }

  private exchangeCode(shopDomain: string, code: string, expiring: boolean): TokenGrant | Refusal {
    const pending = this.codes.get(code);
    // Single use: gone whatever happens next.
    this.codes.delete(code);
    if (
      pending === undefined ||
      pending.shopDomain !== shopDomain ||
      pending.expiresAt < Date.now()
    ) {
      return {
        status: 400,
        body: {
          error: 'invalid_request',
          error_description: 'The authorization code was not found or was already used',
        },
      };
    }
    let installation = this.installations.get(shopDomain);
    if (installation === undefined) {
      installation = {
        shopDomain,
        scopes: pending.scopes,
        installedAt: new Date().toISOString(),
        accessTokens: new Map(),
        webhookSubscriptions: [],
        bucket: new CostBucket(this.bucketSettings),
      };
      this.installations.set(shopDomain, installation);
    } else {
      installation.scopes = [...new Set([...installation.scopes, ...pending.scopes])];
    }
    if (!expiring) {
      const accessToken = token('shpat_');
      installation.accessTokens.set(accessToken, null);
      return { access_token: accessToken, scope: installation.scopes.join(',') };
    }
    return this.issuePair(installation);
  }

  private issuePair(
    installation: Installation,
    previous?: { token: string; expiresAt: number },
  ): TokenGrant {
    const now = Date.now();
    const accessToken = token('shpat_');
    installation.accessTokens.set(accessToken, now + this.lifetimes.accessTokenSeconds * 1000);
    const refreshToken = token('shprt_');
    installation.refresh = {
      current: { token: refreshToken, expiresAt: now + this.lifetimes.refreshTokenSeconds * 1000 },
      ...(previous !== undefined && { previous }),
    };
    return {
      access_token: accessToken,
      scope: installation.scopes.join(','),
      expires_in: this.lifetimes.accessTokenSeconds,
      refresh_token: refreshToken,
      refresh_token_expires_in: this.lifetimes.refreshTokenSeconds,
    };
  }

  private refresh(shopDomain: string, refreshToken: string): TokenGrant | Refusal {
    const installation = this.installations.get(shopDomain);
    const refresh = installation?.refresh;
    const now = Date.now();
    const refused: Refusal = {
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'The refresh token is invalid, expired or revoked',
      },
    };
    if (installation === undefined || refresh === undefined || refreshToken === '') return refused;
    if (refresh.current.token === refreshToken && refresh.current.expiresAt > now) {
      // The replacement is used: from now on the one it replaced is refused.
      return this.issuePair(installation, refresh.current);
    }
    if (refresh.previous?.token === refreshToken && refresh.previous.expiresAt > now) {
      // The app did not get (or lost) the last pair: a new one, the unused replacement dropped.
      return this.issuePair(installation, refresh.previous);
    }
    return refused;
  }

  /** The installation a valid access token belongs to, or undefined (unknown, expired, uninstalled). */
  authenticate(shopDomain: string, accessToken: string | undefined): Installation | undefined {
    if (accessToken === undefined || accessToken === '') return undefined;
    const installation = this.installations.get(shopDomain);
    if (installation === undefined || !installation.accessTokens.has(accessToken)) return undefined;
    const expiresAt = installation.accessTokens.get(accessToken)!;
    if (expiresAt !== null && expiresAt <= Date.now()) {
      installation.accessTokens.delete(accessToken);
      return undefined;
    }
    return installation;
  }

  /** Removes the installation: every token refused from now on. Returns what it was. */
  uninstall(shopDomain: string): Installation | undefined {
    const installation = this.installations.get(shopDomain);
    this.installations.delete(shopDomain);
    return installation;
  }

  revokeRefreshTokens(shopDomain: string): boolean {
    const installation = this.installations.get(shopDomain);
    if (installation === undefined) return false;
    delete installation.refresh;
    return true;
  }

  expireAccessTokens(shopDomain: string): boolean {
    const installation = this.installations.get(shopDomain);
    if (installation === undefined) return false;
    for (const [accessToken, expiresAt] of installation.accessTokens) {
      if (expiresAt !== null) installation.accessTokens.set(accessToken, Date.now() - 1);
      else installation.accessTokens.delete(accessToken);
    }
    return true;
  }
}
