import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '#shared/constants.ts';
import { checkCatalogue } from '#shared/seo/catalogue.ts';
import { dashboardSchema, type DashboardStore } from '#shared/schemas/dashboard.ts';
import { weeklySummarySettingsResponseSchema } from '#shared/schemas/weekly-summary.ts';
import { catalogStates } from '#server/areas/catalog/index.ts';
import { issueFormToken } from '#server/areas/contact/index.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import type { SeoDependencies } from '#server/areas/seo/seo-dependencies.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import { sendWeeklySummaries, weeklySummaryJob } from '#server/areas/weekly-summary/index.ts';
import { isoWeekdayOf } from '#server/areas/weekly-summary/summary-week.ts';
import { issueUnsubscribeToken } from '#server/areas/weekly-summary/unsubscribe-token.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { createMailer, type Mailer } from '#server/platform/mail.ts';
import enDashboard from '#client/locales/en/dashboard.json' with { type: 'json' };
import enChecks from '#client/locales/en/seo-checks.json' with { type: 'json' };
import frDashboard from '#client/locales/fr/dashboard.json' with { type: 'json' };
import frChecks from '#client/locales/fr/seo-checks.json' with { type: 'json' };
import {
  bearer,
  createTestJobQueue,
  startApiForTests,
  type ApiTestContext,
} from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';
import { eventually } from '../support/eventually.ts';
import { gid, seedStoreCopy, seoDependencies } from '../support/seo-test-support.ts';
import {
  closedPortUrl,
  logCollector,
  startBff,
  testConfig,
  type BffHarness,
} from './bff-test-harness.ts';

/**
 * The weekly summary with real parts: the API's settings routes, the job's sending through the
 * local mailer into a mail folder (as local mode's `.data/mail/`), the dashboard's figures of an
 * audited store, and the BFF's unsubscribe link, all on the test PostgreSQL and the Auth Emulator.
 * Each test sends in a week of its own, so that the ledger of one never hides another's mail.
 */

const publicUrl = 'http://localhost:3000';
let api: ApiTestContext;
let bff: BffHarness;
let idleJobs: JobQueue;
let seo: SeoDependencies;
let mailDir: string;
let mailer: Mailer;
const bffLogs = logCollector();

beforeAll(async () => {
  api = await startApiForTests({ workers: false });
  idleJobs = createTestJobQueue(`pgboss_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await idleJobs.start();
  seo = { ...seoDependencies(api, { checks: checkCatalogue }), jobs: idleJobs };
  mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-weekly-mail-'));
  mailer = createMailer(
    {
      mode: 'local',
      dataDir: mailDir,
      mail: { from: 'Vitrine <no-reply@vitrine.test>', contactInbox: 'inbox@vitrine.test' },
    },
    () => {},
  );
  bff = await startBff({
    upstreamUrl: await closedPortUrl(),
    config: testConfig({ LOG_LEVEL: 'trace' }),
    logStream: bffLogs.stream,
  });
});

afterAll(async () => {
  await bff?.close();
  mailer?.close();
  await idleJobs?.stop();
  await api?.close();
  if (mailDir !== undefined) await fs.rm(mailDir, { recursive: true, force: true });
});

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** The job's work at `now`, with the mailer writing into the test's mail folder. */
function runJob(now: Date) {
  return sendWeeklySummaries(
    {
      db: api.database.db,
      mailer,
      log: silentLog,
      publicUrl,
      shopCatalog: { states: async () => new Map() },
    },
    now,
  );
}

/** Mondays (ISO weekday 1) of distinct ISO weeks, and a Wednesday. */
const monday = (week: number) => new Date(Date.UTC(2027, 0, 4 + 7 * week, 7));
const wednesdayOf = (week: number) => new Date(monday(week).getTime() + 2 * 86_400_000);

// ---------------------------------------------------------------------------------------------
// Reading the mail folder

interface ReadMail {
  headers: string;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(part: string): { type: string; body: string } {
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const type = /content-type:\s*([^;\s]+)/i.exec(head)?.[1] ?? '';
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
        : body;
  return { type, body: decoded };
}

function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_whole, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

function parseMail(raw: string): ReadMail {
  const [headers = ''] = raw.split(/\r?\n\r?\n/);
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  const parts = (boundary === undefined ? [] : raw.split(`--${boundary}`).slice(1, -1)).map(
    (part) => decodePart(part.replace(/^\r?\n/, '')),
  );
  return {
    headers: unfolded,
    subject: decodeWords(/^subject: (.*)$/im.exec(unfolded)?.[1] ?? ''),
    text: parts.find((part) => part.type === 'text/plain')?.body ?? '',
    html: parts.find((part) => part.type === 'text/html')?.body ?? '',
  };
}

/** The summaries written to `email` so far. */
async function mailsTo(email: string): Promise<ReadMail[]> {
  const directory = path.join(mailDir, 'mail');
  const files = (await fs.readdir(directory).catch(() => [] as string[])).sort();
  const mails: ReadMail[] = [];
  for (const file of files) {
    const raw = await fs.readFile(path.join(directory, file), 'utf8');
    const mail = parseMail(raw);
    if (new RegExp(`^to: ${email.replace(/[.+]/g, '\\$&')}$`, 'im').test(mail.headers)) {
      mails.push(mail);
    }
  }
  return mails;
}

// ---------------------------------------------------------------------------------------------
// Owners, stores and settings

async function settingsOf(owner: TestUser) {
  const response = await api.app.inject({
    method: 'GET',
    url: '/api/v1/account/weekly-summary',
    headers: bearer(owner.idToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return weeklySummarySettingsResponseSchema.parse(response.json()).data.settings;
}

async function changeSettings(owner: TestUser, body: object) {
  const response = await api.app.inject({
    method: 'PUT',
    url: '/api/v1/account/weekly-summary',
    headers: bearer(owner.idToken),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return weeklySummarySettingsResponseSchema.parse(response.json()).data.settings;
}

async function speaks(owner: TestUser, language: Language) {
  const response = await api.app.inject({
    method: 'PUT',
    url: '/api/v1/account/me',
    headers: bearer(owner.idToken),
    payload: { language },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A Pro owner with an audited store whose pages fail several checks; the store's dashboard. */
async function ownerWithAuditedStore(language: Language): Promise<{
  owner: TestUser;
  store: DashboardStore;
}> {
  const owner = await registeredOwner(api, 'pro');
  await speaks(owner, language);
  const shopId = await connectedStore(api, owner);
  await seedStoreCopy(api, shopId, {
    products: [
      { id: 1, title: 'Linen shirt', seoTitle: 'Linen shirt | Maison' },
      { id: 2, title: 'Mug' },
      { id: 4, title: 'Linen shirt', handle: 'linen-shirt-blue' },
    ],
    pages: [{ id: 6, title: 'About us' }],
    translations: [[gid('Product', 1), 'fr', 'title', 'Chemise en lin']],
  });
  const started = await startAudit(seo, shopId, 'manual');
  expect(await runAudit(seo, started!.run.id)).toBe('done');
  const response = await api.app.inject({
    method: 'GET',
    url: `/api/v1/dashboard?shopId=${shopId}`,
    headers: bearer(owner.idToken),
  });
  const store = dashboardSchema.parse(response.json()).data.store!;
  expect(store.fixNext.length).toBeGreaterThanOrEqual(3);
  return { owner, store };
}

/** The dashboard's words for an action (client/features/dashboard/components/store-sections.tsx). */
async function dashboardWording(language: Language, store: DashboardStore): Promise<string[]> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: {
      en: { dashboard: enDashboard, 'seo-checks': enChecks },
      fr: { dashboard: frDashboard, 'seo-checks': frChecks },
    },
    interpolation: { escapeValue: false },
  });
  const number = new Intl.NumberFormat(language);
  return store.fixNext.slice(0, 3).map((action) =>
    i18n.t(`seo-checks:${action.checkId}.action`, {
      count: action.pages,
      pages: number.format(action.pages),
      inLanguage: i18n.t(`dashboard:inLanguage.${action.language}`),
    }),
  );
}

function escaped(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function linkOf(mail: ReadMail): string {
  return /<(http[^>]+)>/.exec(/^list-unsubscribe: (.*)$/im.exec(mail.headers)?.[1] ?? '')![1]!;
}

// ---------------------------------------------------------------------------------------------

describe('the weekly summary settings', () => {
  it('are on by default on Pro and off on Free, on Monday, until the owner chooses', async () => {
    const free = await registeredOwner(api);
    const pro = await registeredOwner(api, 'pro');
    expect(await settingsOf(free)).toEqual({ enabled: false, chosen: false, weekday: 1 });
    expect(await settingsOf(pro)).toEqual({ enabled: true, chosen: false, weekday: 1 });

    await runJob(monday(0));
    expect(await mailsTo(free.email)).toHaveLength(0);
    expect(await mailsTo(pro.email)).toHaveLength(1);

    // A Free owner's own choice turns it on, and is kept.
    expect(await changeSettings(free, { enabled: true, weekday: 2 })).toEqual({
      enabled: true,
      chosen: true,
      weekday: 2,
    });
    await runJob(new Date(monday(1).getTime() + 86_400_000));
    expect(await mailsTo(free.email)).toHaveLength(1);
  });

  it('refuse a weekday outside 1 to 7 and fields of their own', async () => {
    const owner = await registeredOwner(api);
    for (const payload of [{ weekday: 0 }, { weekday: 8 }, { enabled: true, plan: 'pro' }]) {
      const response = await api.app.inject({
        method: 'PUT',
        url: '/api/v1/account/weekly-summary',
        headers: bearer(owner.idToken),
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('the weekly summary job', () => {
  it('runs on the job queue and mails the owners whose weekday it is today', async () => {
    const owner = await registeredOwner(api, 'pro');
    // Today's weekday, as the job reads it (UTC); a run near midnight could see tomorrow's.
    await changeSettings(owner, { weekday: isoWeekdayOf(new Date()) });
    const schema = `pgboss_weekly_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const jobs = createTestJobQueue(schema);
    await jobs.start();
    try {
      await jobs.work(weeklySummaryJob, {
        db: api.database.db,
        mailer,
        log: silentLog,
        publicUrl,
        shopCatalog: { states: async () => new Map() },
      });
      await jobs.send(weeklySummaryJob, {});
      const [mail] = await eventually(
        'the summary in the mail folder',
        () => mailsTo(owner.email),
        (mails) => mails.length === 1,
      );
      expect(mail!.text).toContain('Open your dashboard: http://localhost:3000/dashboard');
    } finally {
      await jobs.stop();
      await api.database.pool.query(`drop schema if exists ${schema} cascade`);
    }
  });

  it.each(['en', 'fr'] as const)(
    'mails the summary in the owner’s language (%s): scores, fix next, link back, text and HTML',
    async (language) => {
      const { owner, store } = await ownerWithAuditedStore(language);
      await runJob(monday(2));
      const [mail, ...others] = await mailsTo(owner.email);
      expect(others).toHaveLength(0);

      const words =
        language === 'en'
          ? { fixNext: 'Fix next', link: 'Open your dashboard' }
          : {
              fixNext: 'À corriger ensuite',
              link: 'Ouvrir votre tableau de bord',
            };
      expect(mail!.subject).toContain(store.name);
      expect(mail!.subject).toMatch(language === 'en' ? /^Your week in search/ : /^Votre semaine/);
      for (const part of [mail!.text, mail!.html]) {
        expect(part).toContain(store.name);
        expect(part).toContain(words.fixNext);
        expect(part).toContain(words.link);
        expect(part).toContain(`${publicUrl}/dashboard`);
      }
      const actions = await dashboardWording(language, store);
      for (const action of actions) {
        expect(mail!.text).toContain(`- ${action}`);
        expect(mail!.html).toContain(`<li>${escaped(action)}</li>`);
      }
      // The fourth action of the dashboard is not in the summary.
      const all = await dashboardWording(language, { ...store, fixNext: store.fixNext.slice(3) });
      for (const action of all) expect(mail!.text).not.toContain(`- ${action}\n`);
      // Each language's score, as the dashboard has it.
      for (const entry of store.languages) {
        expect(mail!.text).toContain(`${Math.round(entry.score!)}/100`);
      }
      // The audit ran before the week the job looks back on: nothing moved since.
      expect(mail!.text).toContain(
        language === 'en' ? '(unchanged this week)' : '(inchangé cette semaine)',
      );
      expect(mail!.headers).toMatch(/^list-unsubscribe-post: List-Unsubscribe=One-Click$/im);
      expect(linkOf(mail!)).toMatch(
        new RegExp(`^${publicUrl}/email/weekly-summary/unsubscribe\\?token=ws1\\.`),
      );
      expect(mail!.text).toContain(linkOf(mail!));
    },
  );

  it('sends one summary a week, however many runs and processes', async () => {
    const owner = await registeredOwner(api, 'pro');
    await Promise.all([runJob(monday(3)), runJob(monday(3)), runJob(monday(3))]);
    await runJob(monday(3));
    expect(await mailsTo(owner.email)).toHaveLength(1);
    // A weekday moved later in the same week sends nothing more that week…
    await changeSettings(owner, { weekday: 3 });
    await runJob(wednesdayOf(3));
    expect(await mailsTo(owner.email)).toHaveLength(1);
    // …and the next week's goes out on the new day.
    await runJob(monday(4));
    expect(await mailsTo(owner.email)).toHaveLength(1);
    await runJob(wednesdayOf(4));
    expect(await mailsTo(owner.email)).toHaveLength(2);
  });

  it('sends nothing to an owner who turned it off, nor on another weekday', async () => {
    const off = await registeredOwner(api, 'business');
    expect(await changeSettings(off, { enabled: false })).toEqual({
      enabled: false,
      chosen: true,
      weekday: 1,
    });
    const wednesday = await registeredOwner(api, 'pro');
    await changeSettings(wednesday, { weekday: 3 });
    await runJob(monday(5));
    expect(await mailsTo(off.email)).toHaveLength(0);
    expect(await mailsTo(wednesday.email)).toHaveLength(0);
    await runJob(wednesdayOf(5));
    expect(await mailsTo(off.email)).toHaveLength(0);
    expect(await mailsTo(wednesday.email)).toHaveLength(1);
  });
});

describe('the unsubscribe link', () => {
  function pathOf(link: string): string {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  }

  /** The link opened: by the owner, a mail scanner or a link preview alike. */
  function open(link: string, headers: Record<string, string> = {}) {
    return bff.app.inject({ method: 'GET', url: pathOf(link), headers });
  }

  /** What the page's button and a mail client's one-click unsubscribe (RFC 8058) send. */
  function postOneClick(link: string, headers: Record<string, string> = {}) {
    return bff.app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'List-Unsubscribe=One-Click',
    });
  }

  it('opened, changes nothing and asks, in the owner’s language, with a button that posts', async () => {
    const owner = await registeredOwner(api, 'pro');
    await speaks(owner, 'fr');
    await runJob(monday(6));
    const [mail] = await mailsTo(owner.email);
    const link = linkOf(mail!);
    // Opened twice, as a scanner and then the owner would: the summary stays on.
    for (const acceptLanguage of ['en', 'fr']) {
      const response = await open(link, { 'accept-language': acceptLanguage });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.body).toContain('<html lang="fr">');
      expect(response.body).toContain('Ne plus recevoir le résumé hebdomadaire\u202f?');
      expect(response.body).not.toContain('Résumé hebdomadaire désactivé');
      // The button posts RFC 8058's body to the link itself; the page runs no script.
      const action = /<form method="post" action="([^"]+)">/.exec(response.body)?.[1];
      expect(action?.replaceAll('&amp;', '&')).toBe(pathOf(link));
      expect(response.body).toContain(
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
      );
      expect(response.body).not.toMatch(/<script|\son\w+=/i);
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("form-action 'self'");
      expect(policy).toMatch(/script-src [^;]*'self'/);
      expect(policy).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    }
    expect(await settingsOf(owner)).toEqual({ enabled: true, chosen: false, weekday: 1 });

    // The button, as the browser sends it from the page: same origin, no CSRF header, no session.
    const response = await postOneClick(link, {
      origin: new URL(publicUrl).origin,
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('Résumé hebdomadaire désactivé');
    expect(response.body).not.toContain('<form');
    expect(await settingsOf(owner)).toEqual({ enabled: false, chosen: true, weekday: 1 });
    await runJob(monday(7));
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('takes the mail client’s one-click POST (RFC 8058) without a session or CSRF header', async () => {
    const owner = await registeredOwner(api, 'pro');
    await runJob(monday(8));
    const [mail] = await mailsTo(owner.email);
    expect(mail!.headers).toMatch(/^list-unsubscribe-post: List-Unsubscribe=One-Click$/im);
    // A mail provider posts from its own servers: no cookie, and an origin of its own if any.
    const response = await postOneClick(linkOf(mail!), { origin: 'https://mail.example' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Weekly summary turned off');
    expect((await settingsOf(owner)).enabled).toBe(false);
  });

  it('is the only path a POST without the CSRF header may reach', async () => {
    for (const url of [
      '/email/weekly-summary/unsubscribe/other',
      '/email/weekly-summary',
      '/auth/session',
      '/api/v1/account/weekly-summary',
    ]) {
      const response = await bff.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('csrf_rejected');
    }
  });

  it('refuses a tampered, foreign or expired token on GET and POST and changes nothing', async () => {
    const owner = await registeredOwner(api, 'pro');
    const other = await registeredOwner(api, 'pro');
    const token = await issueUnsubscribeToken(api.database.db, owner.uid);
    const [, uidPart, issuedAt, signature] = token.split('.');
    const otherUid = Buffer.from(other.uid).toString('base64url');
    const flipped = `${signature!.slice(0, -2)}${signature!.at(-2) === 'A' ? 'B' : 'A'}${signature!.at(-1)}`;
    const refused = [
      `ws1.${otherUid}.${issuedAt}.${signature}`,
      `ws1.${uidPart}.${Number(issuedAt) + 1}.${signature}`,
      `ws1.${uidPart}.${issuedAt}.${flipped}`,
      // A token the product signs for something else is no unsubscribe token.
      await issueFormToken(api.database.db, owner.uid),
      '',
    ];
    const linkWith = (candidate: string) =>
      `${publicUrl}/email/weekly-summary/unsubscribe?token=${encodeURIComponent(candidate)}`;
    for (const candidate of refused) {
      for (const [language, message] of [
        ['en', 'This link does not work'],
        ['fr', 'Ce lien ne fonctionne pas'],
      ] as const) {
        const headers = { 'accept-language': language };
        for (const response of [
          await open(linkWith(candidate), headers),
          await postOneClick(linkWith(candidate), headers),
        ]) {
          expect(response.statusCode, candidate).toBe(400);
          expect(response.body).toContain(`<html lang="${language}">`);
          expect(response.body).toContain(message);
          expect(response.body).not.toContain('<form');
        }
      }
    }
    const expired = await issueUnsubscribeToken(
      api.database.db,
      owner.uid,
      new Date(Date.now() - 61 * 86_400_000),
    );
    for (const response of [
      await open(linkWith(expired), { 'accept-language': 'fr' }),
      await postOneClick(linkWith(expired), { 'accept-language': 'fr' }),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.body).toContain('Ce lien a expiré');
    }
    expect(await settingsOf(owner)).toEqual({ enabled: true, chosen: false, weekday: 1 });
    expect(await settingsOf(other)).toEqual({ enabled: true, chosen: false, weekday: 1 });
  });

  it('never writes the token to the logs', async () => {
    const owner = await registeredOwner(api, 'pro');
    const token = await issueUnsubscribeToken(api.database.db, owner.uid);
    const link = `${publicUrl}/email/weekly-summary/unsubscribe?token=${encodeURIComponent(token)}`;
    expect((await open(link)).statusCode).toBe(200);
    expect((await open(`${link}x`)).statusCode).toBe(400);
    expect((await postOneClick(link)).statusCode).toBe(200);
    const [, , , signature] = token.split('.');
    expect(bffLogs.text()).toContain('/email/weekly-summary/unsubscribe');
    expect(bffLogs.text()).not.toContain(signature!);
  });
});

describe('the weekday in the owner’s time zone', () => {
  /** A Pro owner whose summary goes out on `weekday`, with a store in `timeZone`. */
  async function ownerWithStoreIn(timeZone: string, weekday: number): Promise<TestUser> {
    const owner = await registeredOwner(api, 'pro');
    await changeSettings(owner, { weekday });
    const shopId = await connectedStore(api, owner);
    await seedStoreCopy(api, shopId, {});
    await api.database.pool.query(
      'update catalog_shops set iana_timezone = $2 where shop_id = $1',
      [shopId, timeZone],
    );
    return owner;
  }

  /** The job with the real copy of the catalog, which knows each store's zone. */
  function runJobWithStores(now: Date) {
    return sendWeeklySummaries(
      {
        db: api.database.db,
        mailer,
        log: silentLog,
        publicUrl,
        shopCatalog: { states: (shopIds) => catalogStates(api.database.db, shopIds) },
      },
      now,
    );
  }

  it('waits for Wednesday in Honolulu, where Wednesday 07:00 UTC is still Tuesday', async () => {
    const honolulu = await ownerWithStoreIn('Pacific/Honolulu', 3);
    const withoutStore = await registeredOwner(api, 'pro');
    await changeSettings(withoutStore, { weekday: 3 });
    // Wednesday 07:00 UTC: Tuesday 21:00 in Honolulu.
    await runJobWithStores(wednesdayOf(9));
    expect(await mailsTo(honolulu.email)).toHaveLength(0);
    // An owner without a store is judged in UTC, where it is Wednesday.
    expect(await mailsTo(withoutStore.email)).toHaveLength(1);
    // Thursday 07:00 UTC: Wednesday 21:00 in Honolulu.
    await runJobWithStores(new Date(wednesdayOf(9).getTime() + 86_400_000));
    expect(await mailsTo(honolulu.email)).toHaveLength(1);
    expect(await mailsTo(withoutStore.email)).toHaveLength(1);
    const { rows } = await api.database.pool.query<{ week: string }>(
      'select week from weekly_summary_mails where uid = $1',
      [honolulu.uid],
    );
    expect(rows).toEqual([{ week: '2027-W10' }]);
  });

  it('sends on Wednesday in Tokyo while it is still Tuesday in UTC', async () => {
    const tokyo = await ownerWithStoreIn('Asia/Tokyo', 3);
    const paris = await ownerWithStoreIn('Europe/Paris', 3);
    // Tuesday 20:00 UTC: Wednesday 05:00 in Tokyo, Tuesday 21:00 in Paris.
    const tuesdayEvening = new Date(wednesdayOf(10).getTime() - 11 * 3_600_000);
    await runJobWithStores(tuesdayEvening);
    expect(await mailsTo(tokyo.email)).toHaveLength(1);
    expect(await mailsTo(paris.email)).toHaveLength(0);
    // The next morning is Wednesday in Paris too; Tokyo's week has its summary already.
    await runJobWithStores(wednesdayOf(10));
    expect(await mailsTo(tokyo.email)).toHaveLength(1);
    expect(await mailsTo(paris.email)).toHaveLength(1);
  });
});

describe('an account deleted', () => {
  it('takes its weekly summaries along, not left for the purge', async () => {
    const owner = await registeredOwner(api, 'pro');
    const stays = await registeredOwner(api, 'pro');
    await runJob(monday(11));
    await runJob(monday(12));
    const ledgerOf = async (uid: string) =>
      (await api.database.pool.query('select 1 from weekly_summary_mails where uid = $1', [uid]))
        .rowCount;
    expect(await ledgerOf(owner.uid)).toBe(2);
    const response = await api.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/delete',
      headers: bearer(owner.idToken),
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await ledgerOf(owner.uid)).toBe(0);
    // The settings were the account's own: its row is gone.
    const accounts = await api.database.pool.query('select 1 from accounts where uid = $1', [
      owner.uid,
    ]);
    expect(accounts.rowCount).toBe(0);
    expect(await ledgerOf(stays.uid)).toBe(2);
  });
});
