import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startNotices } from '#server/config.ts';

/** The problems a configuration error lists, or a failure when the configuration was accepted. */
function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

const serviceAccount = JSON.stringify({
  type: 'service_account',
  project_id: 'vitrine-prod',
  client_email: 'server@vitrine-prod.iam.gserviceaccount.com',
});

const completeProduction = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://vitrine:secret@db.internal:5432/vitrine',
  SESSION_SECRET: 'x'.repeat(48),
  PUBLIC_URL: 'https://app.vitrine.example/',
  FIREBASE_PROJECT_ID: 'vitrine-prod',
  FIREBASE_API_KEY: 'AIza-web-key',
  FIREBASE_AUTH_DOMAIN: 'vitrine-prod.firebaseapp.com',
  FIREBASE_SERVICE_ACCOUNT: serviceAccount,
  SMTP_URL: 'smtps://vitrine:mail-password@smtp.vitrine.example:465',
  MAIL_FROM: 'Vitrine <no-reply@vitrine.example>',
  CONTACT_INBOX: 'contact@vitrine.example',
  SHOPIFY_API_KEY: 'shopify-client-id',
  SHOPIFY_API_SECRET: 'shpss_' + 'y'.repeat(32),
  STRIPE_SECRET_KEY: 'sk_live_' + 'k'.repeat(24),
  STRIPE_WEBHOOK_SECRET: 'whsec_' + 'w'.repeat(32),
  TRUST_PROXY: '10.0.0.0/8',
};

describe('local mode', () => {
  it('needs no variable at all and falls back to the embedded services', () => {
    const config = loadConfig({}, { cwd: '/srv/vitrine' });
    expect(config).toEqual({
      mode: 'local',
      role: 'all',
      port: 3000,
      host: 'localhost',
      logLevel: 'info',
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      dataDir: path.resolve('/srv/vitrine', '.data'),
      authEmulatorPort: 9099,
      devServer: false,
      firebase: {
        projectId: 'demo-vitrine',
        apiKey: 'demo-api-key',
        authDomain: 'demo-vitrine.firebaseapp.com',
      },
      mail: { from: 'Vitrine <no-reply@localhost>', contactInbox: 'contact@vitrine.example' },
      shopify: { apiKey: 'vitrine-local-app', apiSecret: 'local-shopify-app-secret-0123456789' },
      localShopifyPort: 3100,
      localShopifyStores: ['maison-exemple'],
      localStorefrontRequestsPerSecond: 25,
      stripe: {
        secretKey: 'sk_test_local0vitrine0stripe0secret0key',
        webhookSecret: 'whsec_local0vitrine0stripe0webhook0secret',
        automaticTax: false,
      },
      localStripePort: 3200,
      sentryEnvironment: 'development',
      sentryRelease: 'unknown',
    });
  });

  it('seeds the local Shopify with the stores LOCAL_SHOPIFY_STORES names, and refuses a bad name', () => {
    expect(loadConfig({ LOCAL_SHOPIFY_STORES: 'maison-exemple, atelier-2' })).toMatchObject({
      localShopifyStores: ['maison-exemple', 'atelier-2'],
    });
    expect(problemsOf({ LOCAL_SHOPIFY_STORES: 'maison-exemple,Atelier Deux' })).toEqual([
      'LOCAL_SHOPIFY_STORES: must be store names (lowercase letters, digits and hyphens), comma-separated',
    ]);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATA_DIR: ' ', DATABASE_URL: '', SESSION_SECRET: '' });
    expect(config).toMatchObject({ port: 3000, mode: 'local' });
    expect(config).not.toHaveProperty('databaseUrl');
    expect(config).not.toHaveProperty('sessionSecret');
  });

  it('takes DATA_DIR relative to the working directory and the emulator port', () => {
    const config = loadConfig(
      { DATA_DIR: 'var/data', FIREBASE_AUTH_EMULATOR_PORT: '9199' },
      { cwd: '/srv/vitrine', devServer: true },
    );
    expect(config).toMatchObject({
      dataDir: '/srv/vitrine/var/data',
      authEmulatorPort: 9199,
      devServer: true,
    });
  });
  it('uses an Auth Emulator already running when FIREBASE_AUTH_EMULATOR_HOST names one', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9400' })).toMatchObject({
      mode: 'local',
      authEmulatorHost: '127.0.0.1:9400',
    });
    expect(loadConfig({})).not.toHaveProperty('authEmulatorHost');
    expect(() => loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9400/' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST: must be host:port/,
    );
  });
});

describe('PORT', () => {
  it.each([
    ['8080', 8080],
    [' 4000 ', 4000],
    ['65535', 65535],
  ])('reads %j as %d and builds the public URL from it', (value, port) => {
    expect(loadConfig({ PORT: value })).toMatchObject({
      port,
      publicUrl: `http://localhost:${port}`,
    });
  });

  it.each(['abc', '65536', '-1', '80.5', '0x50', '1e3'])('refuses %j', (value) => {
    expect(problemsOf({ PORT: value })).toEqual([expect.stringMatching(/^PORT: /)]);
  });
});

describe('DATABASE_URL', () => {
  it.each(['mysql://db.internal/vitrine', 'not a url', 'https://db.internal'])(
    'refuses %j in local mode',
    (value) => {
      expect(problemsOf({ DATABASE_URL: value })).toEqual([
        expect.stringMatching(/^DATABASE_URL: /),
      ]);
    },
  );

  it.each(['mysql://db.internal/vitrine', 'not a url'])('refuses %j in production', (value) => {
    expect(problemsOf({ ...completeProduction, DATABASE_URL: value })).toEqual([
      expect.stringMatching(/^DATABASE_URL: /),
    ]);
  });

  it('accepts both PostgreSQL schemes', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/vitrine' })).toMatchObject({
      databaseUrl: 'postgresql://localhost/vitrine',
    });
  });
});

describe('production', () => {
  it('starts with the complete set of variables', () => {
    const config = loadConfig(completeProduction);
    expect(config).toMatchObject({
      mode: 'production',
      role: 'all',
      host: '0.0.0.0',
      port: 3000,
      publicUrl: 'https://app.vitrine.example',
      databaseUrl: completeProduction.DATABASE_URL,
      sessionSecret: completeProduction.SESSION_SECRET,
      firebase: {
        projectId: 'vitrine-prod',
        apiKey: 'AIza-web-key',
        authDomain: 'vitrine-prod.firebaseapp.com',
        serviceAccount: JSON.parse(serviceAccount),
      },
      mail: {
        smtpUrl: completeProduction.SMTP_URL,
        from: completeProduction.MAIL_FROM,
        contactInbox: completeProduction.CONTACT_INBOX,
      },
    });
  });

  it('reports every missing variable in one error', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    for (const name of [
      'DATABASE_URL',
      'FIREBASE_PROJECT_ID',
      'FIREBASE_SERVICE_ACCOUNT',
      'SESSION_SECRET',
      'PUBLIC_URL',
      'FIREBASE_API_KEY',
      'FIREBASE_AUTH_DOMAIN',
      'SMTP_URL',
      'MAIL_FROM',
      'CONTACT_INBOX',
      'SHOPIFY_API_KEY',
      'SHOPIFY_API_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'TRUST_PROXY',
    ]) {
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${name}: required`)));
    }
    expect(problems).toHaveLength(15);
  });

  it('reports malformed and missing variables together', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      PORT: 'eighty',
      SESSION_SECRET: 'short',
      FIREBASE_SERVICE_ACCOUNT: '{not json',
    });
    expect(problems).toContainEqual(expect.stringMatching(/^PORT: /));
    expect(problems).toContainEqual(expect.stringMatching(/^SESSION_SECRET: must be at least 32/));
    expect(problems).toContainEqual(expect.stringMatching(/^FIREBASE_SERVICE_ACCOUNT: must be/));
    expect(problems).toContainEqual(expect.stringMatching(/^DATABASE_URL: required/));
    expect(problems).toContainEqual(expect.stringMatching(/^PUBLIC_URL: required/));
  });

  it('shows the problems in the error message, one a line', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/\n {2}- DATABASE_URL: required/);
  });

  it.each([
    ['LOCAL_SHOPIFY_PORT', '3100'],
    ['LOCAL_SHOPIFY_URL', 'http://localhost:3100'],
    ['LOCAL_SHOPIFY_STORES', 'maison-exemple'],
  ])('refuses to start with the local Shopify setting %s', (name, value) => {
    expect(problemsOf({ ...completeProduction, [name]: value })).toEqual([
      `${name}: the local Shopify is refused in production, whatever the value (unset it)`,
    ]);
  });

  it('needs the Shopify app credentials wherever the API runs', () => {
    const {
      SHOPIFY_API_KEY: _key,
      SHOPIFY_API_SECRET: _secret,
      ...withoutShopify
    } = completeProduction;
    expect(problemsOf(withoutShopify)).toEqual([
      "SHOPIFY_API_KEY: required for the API in production (the Shopify app's client id)",
      "SHOPIFY_API_SECRET: required for the API in production (the Shopify app's client secret)",
    ]);
    expect(
      loadConfig({ ...withoutShopify, ROLE: 'bff', UPSTREAM_URL: 'https://api.internal' }),
    ).toMatchObject({ shopify: { apiKey: '', apiSecret: '' } });
  });

  it.each([
    ['LOCAL_STRIPE_PORT', '3200'],
    ['LOCAL_STRIPE_URL', 'http://localhost:3200'],
  ])('refuses to start with the local Stripe setting %s', (name, value) => {
    expect(problemsOf({ ...completeProduction, [name]: value })).toEqual([
      `${name}: the local Stripe is refused in production, whatever the value (unset it)`,
    ]);
  });

  it('needs the Stripe secrets wherever the API runs, and takes them as given', () => {
    const {
      STRIPE_SECRET_KEY: _key,
      STRIPE_WEBHOOK_SECRET: _secret,
      ...withoutStripe
    } = completeProduction;
    expect(problemsOf(withoutStripe)).toEqual([
      'STRIPE_SECRET_KEY: required for the API in production (sk_… or rk_…)',
      "STRIPE_WEBHOOK_SECRET: required for the API in production (the signing secret of Stripe's endpoint /webhooks/stripe, whsec_…)",
    ]);
    expect(
      loadConfig({ ...withoutStripe, ROLE: 'bff', UPSTREAM_URL: 'https://api.internal' }),
    ).toMatchObject({ stripe: { secretKey: '', webhookSecret: '', automaticTax: false } });
    const config = loadConfig({ ...completeProduction, STRIPE_AUTOMATIC_TAX: 'true' });
    expect(config.stripe).toEqual({
      secretKey: completeProduction.STRIPE_SECRET_KEY,
      webhookSecret: completeProduction.STRIPE_WEBHOOK_SECRET,
      automaticTax: true,
    });
  });

  it('refuses malformed Stripe secrets without quoting them', () => {
    const problems = problemsOf({
      ...completeProduction,
      STRIPE_SECRET_KEY: 'pk_live_published-key',
      STRIPE_WEBHOOK_SECRET: 'signing-secret-value',
      STRIPE_AUTOMATIC_TAX: 'yes',
    });
    expect(problems).toEqual([
      'STRIPE_SECRET_KEY: must be a secret key (sk_…) or a restricted key (rk_…)',
      "STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret (whsec_…)",
      'STRIPE_AUTOMATIC_TAX: must be true or false',
    ]);
    expect(problems.join('\n')).not.toMatch(/published-key|signing-secret-value/);
  });

  it.each([
    ['FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099'],
    ['FIREBASE_AUTH_EMULATOR_PORT', '9099'],
    ['FIRESTORE_EMULATOR_HOST', 'localhost:8080'],
  ])('refuses to start with %s set', (name, value) => {
    expect(problemsOf({ ...completeProduction, [name]: value })).toEqual([
      `${name}: emulator settings are refused in production, whatever their value (unset it)`,
    ]);
  });

  it('refuses a service account that is not a JSON object', () => {
    expect(problemsOf({ ...completeProduction, FIREBASE_SERVICE_ACCOUNT: '"a string"' })).toEqual([
      'FIREBASE_SERVICE_ACCOUNT: must be the service account key as JSON',
    ]);
  });

  it('runs the API alone without the BFF settings, TRUST_PROXY included', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ROLE: 'api',
      PORT: '8081',
      DATABASE_URL: completeProduction.DATABASE_URL,
      FIREBASE_PROJECT_ID: 'vitrine-prod',
      FIREBASE_SERVICE_ACCOUNT: serviceAccount,
      SESSION_SECRET: completeProduction.SESSION_SECRET,
      SMTP_URL: completeProduction.SMTP_URL,
      MAIL_FROM: completeProduction.MAIL_FROM,
      CONTACT_INBOX: completeProduction.CONTACT_INBOX,
      SHOPIFY_API_KEY: completeProduction.SHOPIFY_API_KEY,
      SHOPIFY_API_SECRET: completeProduction.SHOPIFY_API_SECRET,
      STRIPE_SECRET_KEY: completeProduction.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: completeProduction.STRIPE_WEBHOOK_SECRET,
      PUBLIC_URL: completeProduction.PUBLIC_URL,
    });
    expect(config).toMatchObject({ mode: 'production', role: 'api', port: 8081 });
  });

  it('needs SESSION_SECRET for the API alone too: it keys the stores’ tokens at rest', () => {
    const { SESSION_SECRET: _secret, ...withoutSecret } = completeProduction;
    for (const role of ['all', 'api', 'bff']) {
      expect(
        problemsOf({ ...withoutSecret, ROLE: role, UPSTREAM_URL: 'https://api.internal' }),
      ).toEqual([
        "SESSION_SECRET: required in production (the key of the sessions' and the stores' tokens)",
      ]);
    }
  });

  it('needs PUBLIC_URL for the API alone: Shopify sends store owners back to it', () => {
    const { PUBLIC_URL: _publicUrl, ...withoutPublicUrl } = completeProduction;
    expect(problemsOf({ ...withoutPublicUrl, ROLE: 'api' })).toEqual([
      'PUBLIC_URL: required for the API in production (where Shopify sends owners back)',
    ]);
  });

  it('runs the BFF alone without the mail settings, which only the API uses', () => {
    const {
      SMTP_URL: _smtpUrl,
      MAIL_FROM: _from,
      CONTACT_INBOX: _inbox,
      ...bffOnly
    } = completeProduction;
    expect(
      loadConfig({ ...bffOnly, ROLE: 'bff', UPSTREAM_URL: 'https://api.internal:8081' }),
    ).toMatchObject({ role: 'bff', mail: { from: '', contactInbox: '' } });
  });

  it('needs the mail settings wherever the API runs', () => {
    const {
      SMTP_URL: _smtpUrl,
      MAIL_FROM: _from,
      CONTACT_INBOX: _inbox,
      ...withoutMail
    } = completeProduction;
    for (const role of ['all', 'api']) {
      expect(problemsOf({ ...withoutMail, ROLE: role })).toEqual([
        'SMTP_URL: required for the API in production (smtp:// or smtps://)',
        'MAIL_FROM: required for the API in production',
        'CONTACT_INBOX: required for the API in production',
      ]);
    }
  });

  it('needs UPSTREAM_URL for the BFF alone', () => {
    expect(problemsOf({ ...completeProduction, ROLE: 'bff' })).toEqual([
      'UPSTREAM_URL: required when ROLE=bff',
    ]);
    expect(
      loadConfig({
        ...completeProduction,
        ROLE: 'bff',
        UPSTREAM_URL: 'https://api.internal:8081/',
      }),
    ).toMatchObject({ role: 'bff', upstreamUrl: 'https://api.internal:8081' });
  });

  it('refuses an unknown role', () => {
    expect(problemsOf({ ...completeProduction, ROLE: 'worker' })).toEqual([
      expect.stringMatching(/^ROLE: /),
    ]);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, in local mode', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('must be stated in production wherever the BFF runs: behind a balancer, clients would share its limits', () => {
    const { TRUST_PROXY: _trustProxy, ...unstated } = completeProduction;
    for (const role of ['all', 'bff']) {
      expect(problemsOf({ ...unstated, ROLE: role, UPSTREAM_URL: 'https://api.internal' })).toEqual(
        [
          'TRUST_PROXY: required for the BFF in production: the addresses or CIDR ranges of the load balancers in front of it, or false when clients connect directly',
        ],
      );
    }
    expect(problemsOf({ ...unstated, TRUST_PROXY: ' ' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: required/),
    ]);
  });

  it('refuses true, or a range of every address, in production, naming the variable: any client could forge its X-Forwarded-For', () => {
    for (const [role, trustProxy] of [
      ['all', ' true '],
      ['bff', 'true'],
      ['bff', '10.0.0.1, 0.0.0.0/0'],
      ['all', '::/0'],
    ]) {
      expect(
        problemsOf({
          ...completeProduction,
          ROLE: role,
          UPSTREAM_URL: 'https://api.internal',
          TRUST_PROXY: trustProxy,
        }),
      ).toEqual([
        'TRUST_PROXY: trusting every address (true, 0.0.0.0/0, ::/0) is refused in production: it lets any client forge X-Forwarded-For and walk around the rate limits; name the load balancers by their addresses or CIDR ranges',
      ]);
    }
  });

  it('may be false in production, and the start then says in one line what that means', () => {
    const config = loadConfig({ ...completeProduction, TRUST_PROXY: 'false' });
    expect(config.trustProxy).toBe(false);
    const notices = startNotices(config);
    expect(notices).toEqual([expect.stringMatching(/^TRUST_PROXY=false: /)]);
    expect(notices[0]).not.toContain('\n');
    expect(notices[0]).toMatch(/rate limit/);
  });

  it('says nothing at start when proxies are named, nor in local mode', () => {
    expect(startNotices(loadConfig(completeProduction))).toEqual([]);
    expect(startNotices(loadConfig({}))).toEqual([]);
  });

  it('takes true (in local mode) or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
    ]);
  });

  it.each(['yes please', '1', 'abc', '10.0.0.0/33', '10.0.0.1, not-an-address', '::1/129'])(
    'refuses %j',
    (value) => {
      expect(problemsOf({ TRUST_PROXY: value })[0]).toMatch(/^TRUST_PROXY/);
    },
  );

  it('takes IPv6 addresses and ranges too', () => {
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8,::1' }).trustProxy).toEqual(['fd00::/8', '::1']);
  });
});

describe('emulator settings in production', () => {
  it.each([
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FIRESTORE_EMULATOR_HOST',
    'FIREBASE_DATACONNECT_EMULATOR_HOST',
    'FIREBASE_EMULATOR_HUB',
  ])('refuses %s, known or not', (name) => {
    expect(problemsOf({ ...completeProduction, [name]: '127.0.0.1:9099' })).toEqual([
      `${name}: emulator settings are refused in production, whatever their value (unset it)`,
    ]);
  });

  // firebase-admin switches to the emulator on any non-empty FIREBASE_AUTH_EMULATOR_HOST, blanks
  // included, and other SDKs read their variables their own way: being defined is enough to refuse.
  it.each([' ', '', '\t'])('refuses an emulator variable that is defined as %j', (value) => {
    expect(problemsOf({ ...completeProduction, FIREBASE_AUTH_EMULATOR_HOST: value })).toEqual([
      'FIREBASE_AUTH_EMULATOR_HOST: emulator settings are refused in production, whatever their value (unset it)',
    ]);
  });

  it('still accepts them in local mode, where they are ignored or used', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: ' ' }).mode).toBe('local');
  });
});

describe('UPSTREAM_URL in production', () => {
  const bff = (upstreamUrl: string) => ({
    ...completeProduction,
    ROLE: 'bff',
    UPSTREAM_URL: upstreamUrl,
  });

  it.each([
    'http://api.internal:8081',
    'http://10.0.0.7:8081',
    'http://[fd00::7]:8081',
    'http://127.0.0.1.example.com',
  ])(
    'refuses plain http to %s, another machine: ID tokens would cross the network unencrypted',
    (url) => {
      expect(problemsOf(bff(url))).toEqual([
        'UPSTREAM_URL: must be https:// in production unless it names this machine (localhost, 127.0.0.0/8 or [::1]): the BFF sends ID tokens to it',
      ]);
    },
  );

  it.each([
    'https://api.internal:8081',
    'http://127.0.0.1:8081',
    'http://127.9.8.7:8081',
    'http://localhost:8081',
    'http://[::1]:8081',
  ])('accepts %s', (url) => {
    expect(loadConfig(bff(url))).toMatchObject({ upstreamUrl: url });
  });

  it('accepts plain http to another machine in local mode', () => {
    expect(loadConfig({ UPSTREAM_URL: 'http://api.internal:8081' }).upstreamUrl).toBe(
      'http://api.internal:8081',
    );
  });
});

describe('error reporting', () => {
  it('files reports under SENTRY_ENVIRONMENT and SENTRY_RELEASE in both modes', () => {
    const labels = {
      SENTRY_DSN: 'https://key@o0.ingest.sentry.io/1',
      SENTRY_ENVIRONMENT: 'staging',
      SENTRY_RELEASE: 'vitrine@1.2.3',
    };
    for (const env of [labels, { ...completeProduction, ...labels }]) {
      expect(loadConfig(env)).toMatchObject({
        sentryDsn: 'https://key@o0.ingest.sentry.io/1',
        sentryEnvironment: 'staging',
        sentryRelease: 'vitrine@1.2.3',
      });
    }
  });

  it('falls back to the development environment and an unknown release', () => {
    const config = loadConfig({ SENTRY_ENVIRONMENT: ' ', SENTRY_RELEASE: '' });
    expect(config).toMatchObject({ sentryEnvironment: 'development', sentryRelease: 'unknown' });
    expect(config).not.toHaveProperty('sentryDsn');
  });

  it('files production reports under production unless told otherwise', () => {
    expect(loadConfig(completeProduction)).toMatchObject({
      sentryEnvironment: 'production',
      sentryRelease: 'unknown',
    });
  });
});

describe('mail settings', () => {
  it('takes an SMTP URL in local mode too, instead of writing .eml files', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:1025' }).mail).toEqual({
      smtpUrl: 'smtp://localhost:1025',
      from: 'Vitrine <no-reply@localhost>',
      contactInbox: 'contact@vitrine.example',
    });
  });

  it('takes a bare address or a named one as the sender', () => {
    expect(loadConfig({ MAIL_FROM: 'no-reply@vitrine.example' }).mail.from).toBe(
      'no-reply@vitrine.example',
    );
    expect(loadConfig({ MAIL_FROM: 'Vitrine Team <team@vitrine.example>' }).mail.from).toBe(
      'Vitrine Team <team@vitrine.example>',
    );
  });

  it('reports every malformed mail setting without quoting the SMTP URL and its password', () => {
    const problems = problemsOf({
      SMTP_URL: 'https://vitrine:mail-password@smtp.vitrine.example',
      MAIL_FROM: 'nobody',
      CONTACT_INBOX: 'not an address',
    });
    expect(problems).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL',
      'MAIL_FROM: must be an address or "Name <address>"',
      'CONTACT_INBOX: must be an e-mail address',
    ]);
    expect(problems.join('\n')).not.toContain('mail-password');
  });
});

describe('metrics listener', () => {
  it('is off unless METRICS_PORT is set, in both modes', () => {
    expect(loadConfig(completeProduction).metrics).toBeUndefined();
    expect(loadConfig({}).metrics).toBeUndefined();
  });

  it('listens on loopback by default, or on METRICS_HOST', () => {
    expect(loadConfig({ ...completeProduction, METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(
      loadConfig({ ...completeProduction, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics,
    ).toEqual({ port: 9464, host: '0.0.0.0' });
  });

  it('is never the public port', () => {
    expect(problemsOf({ ...completeProduction, PORT: '8080', METRICS_PORT: '8080' })).toEqual([
      'METRICS_PORT: must differ from PORT: the metrics are never served publicly',
    ]);
    expect(problemsOf({ METRICS_PORT: '3000' })).toEqual([
      'METRICS_PORT: must differ from PORT: the metrics are never served publicly',
    ]);
  });

  it('refuses a malformed port and a host without a port', () => {
    expect(problemsOf({ ...completeProduction, METRICS_PORT: '0x50' })).toEqual([
      'METRICS_PORT: must be a port number (0-65535)',
    ]);
    expect(problemsOf({ ...completeProduction, METRICS_HOST: '0.0.0.0' })).toEqual([
      'METRICS_HOST: means nothing without METRICS_PORT (set both, or neither)',
    ]);
  });
});
