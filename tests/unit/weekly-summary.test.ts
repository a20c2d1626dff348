import { describe, expect, it } from 'vitest';
import type { DashboardStore } from '#shared/schemas/dashboard.ts';
import { weeklySummaryEnabled } from '#server/areas/account/weekly-summary-settings.ts';
import { composeSummary, weekChangeOf } from '#server/areas/weekly-summary/compose-summary.ts';
import { interpolate, translatorFor } from '#server/areas/weekly-summary/summary-texts.ts';
import {
  isoWeekdayOf,
  isoWeekOf,
  knownTimeZone,
  weekdaysSomewhereAt,
  weeksSomewhereAt,
} from '#server/areas/weekly-summary/summary-week.ts';
import { unsubscribePageHtml } from '#server/areas/weekly-summary/unsubscribe.ts';

/** The weekly summary's pure parts: its calendar, its default, its words and its mail. */

describe('the summary calendar', () => {
  it.each([
    ['2026-11-30T07:00:00Z', '2026-W49', 1],
    ['2026-12-06T23:59:59Z', '2026-W49', 7],
    ['2027-01-01T07:00:00Z', '2026-W53', 5],
    ['2027-01-04T00:00:00Z', '2027-W01', 1],
    ['2025-12-29T12:00:00Z', '2026-W01', 1],
    ['2024-12-30T12:00:00Z', '2025-W01', 1],
  ])('%s is in ISO week %s, weekday %i', (at, week, weekday) => {
    expect(isoWeekOf(new Date(at))).toBe(week);
    expect(isoWeekdayOf(new Date(at))).toBe(weekday);
  });

  it.each([
    // Monday 07:00 UTC is still Sunday in Honolulu, in the ISO week before.
    ['2027-01-04T07:00:00Z', 'Pacific/Honolulu', '2026-W53', 7],
    ['2027-01-04T07:00:00Z', 'Europe/Paris', '2027-W01', 1],
    // Sunday 20:00 UTC is already Monday in Tokyo, in the next ISO week.
    ['2027-01-03T20:00:00Z', 'Asia/Tokyo', '2027-W01', 1],
    ['2027-01-03T20:00:00Z', 'UTC', '2026-W53', 7],
  ])('%s in %s is in ISO week %s, weekday %i', (at, timeZone, week, weekday) => {
    expect(isoWeekOf(new Date(at), timeZone)).toBe(week);
    expect(isoWeekdayOf(new Date(at), timeZone)).toBe(weekday);
  });

  it('knows every weekday and week it is somewhere on Earth', () => {
    // Monday 07:00 UTC: Sunday from UTC−8 westwards, Monday elsewhere.
    expect(weekdaysSomewhereAt(new Date('2027-01-04T07:00:00Z')).sort()).toEqual([1, 7]);
    expect(weeksSomewhereAt(new Date('2027-01-04T07:00:00Z')).sort()).toEqual([
      '2026-W53',
      '2027-W01',
    ]);
    // Wednesday 12:00 UTC: Wednesday from UTC−12 to UTC+11, Thursday from UTC+12.
    expect(weekdaysSomewhereAt(new Date('2027-01-06T12:00:00Z')).sort()).toEqual([3, 4]);
    expect(knownTimeZone('America/Los_Angeles')).toBe(true);
    expect(knownTimeZone('Not/A_Zone')).toBe(false);
  });
});

describe('whether the summary is sent', () => {
  it('follows the plan until the owner chooses, then the choice whatever the plan', () => {
    expect(weeklySummaryEnabled(null, 'free')).toBe(false);
    expect(weeklySummaryEnabled(null, 'pro')).toBe(true);
    expect(weeklySummaryEnabled(null, 'business')).toBe(true);
    expect(weeklySummaryEnabled(false, 'business')).toBe(false);
    expect(weeklySummaryEnabled(true, 'free')).toBe(true);
  });
});

describe("a language's score change over the week", () => {
  const weekStart = new Date('2026-11-23T07:00:00Z');
  const point = (at: string, score: number) => ({ at, score });

  it('counts from the last audit at or before the week started', () => {
    const trend = [
      point('2026-11-09T04:00:00Z', 50),
      point('2026-11-16T04:00:00Z', 60),
      point('2026-11-25T04:00:00Z', 64),
      point('2026-11-29T04:00:00Z', 67),
    ];
    expect(weekChangeOf({ language: 'en', score: 67, change: 3, trend }, weekStart)).toBe(7);
  });

  it('counts from the first audit of a store first audited this week; null for one audit', () => {
    const twice = [point('2026-11-24T04:00:00Z', 40), point('2026-11-28T04:00:00Z', 52)];
    expect(weekChangeOf({ language: 'fr', score: 52, change: 12, trend: twice }, weekStart)).toBe(
      12,
    );
    const once = [point('2026-11-28T04:00:00Z', 52)];
    expect(
      weekChangeOf({ language: 'fr', score: 52, change: null, trend: once }, weekStart),
    ).toBeNull();
    expect(
      weekChangeOf({ language: 'fr', score: null, change: null, trend: [] }, weekStart),
    ).toBeNull();
  });
});

describe('the summary texts', () => {
  it('pick the plural form of the language and fill the values', () => {
    const en = translatorFor('en', 'weekly-summary');
    const fr = translatorFor('fr', 'weekly-summary');
    expect(en('changes.failures', { count: 1 })).toBe('1 change could not be written to Shopify');
    expect(en('changes.failures', { count: 2 })).toBe('2 changes could not be written to Shopify');
    // French puts 0 and 1 in the singular.
    expect(fr('changes.conflicts', { count: 0 })).toMatch(/^0 modification est en conflit/);
    expect(interpolate('{{a}} and {{ b }} but {{c}}', { a: 1, b: 'two' })).toBe(
      '1 and two but {{c}}',
    );
    expect(() => en('no.such.key')).toThrow(/No text en\/weekly-summary:no.such.key/);
  });
});

function store(overrides: Partial<DashboardStore> = {}): DashboardStore {
  return {
    shopId: 'shop-1',
    name: 'Maison <Exemple>',
    sync: { state: 'ready', errorCode: null, lastSyncedAt: null, progress: null, paused: false },
    auditing: false,
    languages: [
      {
        language: 'en',
        score: 71.6,
        change: 2,
        trend: [
          { at: '2026-11-20T04:00:00Z', score: 66 },
          { at: '2026-11-29T04:00:00Z', score: 71.6 },
        ],
      },
      { language: 'fr', score: null, change: null, trend: [] },
    ],
    fixNext: [
      { checkId: 'T01', severity: 'error', language: 'fr', pages: 1, weight: 10 },
      { checkId: 'T02', severity: 'error', language: 'en', pages: 12, weight: 9 },
      { checkId: 'T03', severity: 'warning', language: 'en', pages: 3, weight: 6 },
      { checkId: 'T04', severity: 'warning', language: 'en', pages: 2, weight: 4 },
    ],
    translationDebt: null,
    changes: {
      drafts: 0,
      writing: 0,
      conflicts: 2,
      failures: [
        { errorCode: 'shopify_unavailable', count: 1 },
        { errorCode: 'store_access_revoked', count: 2 },
      ],
      recentUndos: 0,
    },
    blog: {
      timeZone: 'America/Toronto',
      drafts: 1,
      scheduled: [
        {
          id: 'p2',
          title: 'Winter linen',
          state: 'scheduled',
          publishAt: '2026-12-03T14:00:00Z',
          updatedAt: '2026-11-28T10:00:00Z',
        },
      ],
      recent: [
        {
          id: 'p1',
          title: 'Caring for linen',
          state: 'published',
          publishAt: '2026-11-26T03:30:00Z',
          updatedAt: '2026-11-26T03:30:00Z',
        },
        {
          id: 'p0',
          title: 'Old news',
          state: 'published',
          publishAt: '2026-10-01T10:00:00Z',
          updatedAt: '2026-10-01T10:00:00Z',
        },
      ],
      brokenLinks: [],
    },
    ...overrides,
  };
}

const input = {
  now: new Date('2026-11-30T07:00:00Z'),
  publicUrl: 'https://app.example.com',
  unsubscribeUrl: 'https://app.example.com/email/weekly-summary/unsubscribe?token=ws1.x.1.y',
};

describe('the summary mail', () => {
  it('says in English what the dashboard says, the first three actions only', () => {
    const mail = composeSummary({
      ...input,
      recipient: { displayName: 'Ada', language: 'en' },
      stores: [store()],
    });
    expect(mail.subject).toBe('Your week in search: Maison <Exemple>');
    expect(mail.text).toContain('- English: 72/100 (+6 this week)');
    expect(mail.text).toContain('- French: not audited yet');
    expect(mail.text).toContain('- Give 1 page a title in French');
    expect(mail.text).toContain('- Make the titles of 12 pages distinct in English');
    expect(mail.text).toContain('- Shorten the titles of 3 pages in English');
    expect(mail.text).not.toContain('with what they offer');
    expect(mail.text).toContain('- 3 changes could not be written to Shopify');
    expect(mail.text).toContain('- 2 changes conflict with edits made in Shopify');
    // Dates in the store's time zone (Toronto): 03:30 UTC on the 26th is the 25th there.
    expect(mail.text).toContain('- Published: Caring for linen, November 25, 2026 at 10:30');
    expect(mail.text).toContain('- Scheduled: Winter linen, December 3, 2026 at 9:00');
    expect(mail.text).not.toContain('Old news');
    expect(mail.text).toContain('Open your dashboard: https://app.example.com/dashboard');
    expect(mail.text).toContain(`Stop these summaries: ${input.unsubscribeUrl}`);
    expect(mail.html).toContain('<h2>Maison &lt;Exemple&gt;</h2>');
    expect(mail.html).toContain('<li>Give 1 page a title in French</li>');
    expect(mail.html).toContain('<a href="https://app.example.com/dashboard">');
    expect(mail.html).not.toContain('<Exemple>');
  });

  it('says it in French with French typography', () => {
    const mail = composeSummary({
      ...input,
      recipient: { displayName: 'Zoé', language: 'fr' },
      stores: [store()],
    });
    expect(mail.subject).toBe(
      'Votre semaine dans les moteurs de recherche\u00a0: Maison <Exemple>',
    );
    expect(mail.text).toContain('Bonjour Zoé,');
    expect(mail.text).toContain('- Anglais\u00a0: 72/100 (+6 cette semaine)');
    expect(mail.text).toContain('- Donnez un titre à 1 page en français');
    expect(mail.text).toContain(
      'Ouvrir votre tableau de bord\u00a0: https://app.example.com/dashboard',
    );
    expect(mail.text).toContain('25 novembre 2026');
  });

  it('without a store, says how to get one', () => {
    const mail = composeSummary({
      ...input,
      recipient: { displayName: 'Ada', language: 'en' },
      stores: [],
    });
    expect(mail.subject).toBe('Your week on Vitrine');
    expect(mail.text).toContain('No store is connected yet.');
  });
});

describe('the unsubscribe page', () => {
  it('says what happened in the owner’s language, and nothing changed on a bad link', () => {
    expect(unsubscribePageHtml({ kind: 'unsubscribed' }, 'fr')).toContain(
      '<h1>Résumé hebdomadaire désactivé</h1>',
    );
    expect(unsubscribePageHtml({ kind: 'invalid' }, 'en')).toContain('nothing was changed');
    expect(unsubscribePageHtml({ kind: 'expired' }, 'en')).toContain(
      '<h1>This link has expired</h1>',
    );
    for (const kind of ['unsubscribed', 'invalid', 'expired'] as const) {
      expect(unsubscribePageHtml({ kind }, 'en')).not.toContain('<form');
    }
  });

  it('asks before it turns anything off: a button that posts the one-click body, no script', () => {
    const action = '/email/weekly-summary/unsubscribe?token=ws1.a.1.b&x="<';
    const page = unsubscribePageHtml({ kind: 'confirm', action }, 'fr');
    expect(page).toContain('<h1>Ne plus recevoir le résumé hebdomadaire\u202f?</h1>');
    expect(page).toContain(
      '<form method="post" action="/email/weekly-summary/unsubscribe?token=ws1.a.1.b&amp;x=&quot;&lt;">',
    );
    expect(page).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(page).toContain('<button type="submit">Désactiver le résumé hebdomadaire</button>');
    expect(page).not.toMatch(/<script|\son\w+=/i);
  });
});
