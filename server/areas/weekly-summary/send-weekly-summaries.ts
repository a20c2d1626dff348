import type { DashboardStore } from '#shared/schemas/dashboard.ts';
import type { Database } from '#server/db/database.ts';
import type { JobLog } from '#server/jobs/job-queue.ts';
import type { Mailer } from '#server/platform/mail.ts';
import {
  findWeeklySummaryRecipients,
  weeklySummaryRecipientOf,
  type WeeklySummaryRecipient,
} from '#server/areas/account/index.ts';
import { readDashboardStore } from '#server/areas/dashboard/index.ts';
import {
  listShopConnections,
  storeIdsOfOwner,
  type ShopCatalog,
} from '#server/areas/shops/index.ts';
import { composeSummary } from './compose-summary.ts';
import {
  isoWeekdayOf,
  isoWeekOf,
  knownTimeZone,
  weekdaysSomewhereAt,
  weeksSomewhereAt,
} from './summary-week.ts';
import { issueUnsubscribeToken } from './unsubscribe-token.ts';
import * as mailsRepository from './weekly-summary-repository.ts';

export interface WeeklySummaryDependencies {
  db: Database;
  mailer: Mailer;
  log: JobLog;
  /** The product's public address: the links of the mail point there. */
  publicUrl: string;
  /**
   * The copy of each store's catalog, which the dashboard reads the stores' state from and which
   * knows each store's time zone.
   */
  shopCatalog: Pick<ShopCatalog, 'states'>;
}

/** Where the unsubscribe link and the List-Unsubscribe header point (the BFF answers it). */
export const unsubscribePath = '/email/weekly-summary/unsubscribe';

export function unsubscribeUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}${unsubscribePath}?token=${encodeURIComponent(token)}`;
}

/** Each of the owner's stores as its dashboard shows it (server/areas/dashboard/read-dashboard.ts). */
async function storesOf(
  deps: WeeklySummaryDependencies,
  recipient: WeeklySummaryRecipient,
): Promise<DashboardStore[]> {
  const { shops } = await listShopConnections(
    { db: deps.db, catalog: deps.shopCatalog },
    recipient.uid,
  );
  const stores: DashboardStore[] = [];
  for (const shop of shops) stores.push(await readDashboardStore(deps.db, shop));
  return stores;
}

async function mailSummary(
  deps: WeeklySummaryDependencies,
  recipient: WeeklySummaryRecipient,
  week: string,
  now: Date,
) {
  return mailsRepository.mailOnce(deps.db, recipient.uid, week, async (row) => {
    const publicUrl = deps.publicUrl.replace(/\/$/, '');
    const unsubscribeUrl = unsubscribeUrlOf(
      publicUrl,
      await issueUnsubscribeToken(deps.db, recipient.uid, now),
    );
    const summary = composeSummary({
      recipient,
      stores: await storesOf(deps, recipient),
      now,
      publicUrl,
      unsubscribeUrl,
    });
    await deps.mailer.send({
      id: `weekly-summary-${row.id}`,
      to: recipient.email,
      ...summary,
      // RFC 8058: mail clients offer a one-click unsubscribe that POSTs to this address.
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  });
}

/**
 * The owner's time zone, where their weekday and week are judged: the zone of the first store they
 * connected (as its copy knows it), UTC when they have none or the copy does not know it yet.
 */
async function timeZoneOf(deps: WeeklySummaryDependencies, uid: string): Promise<string> {
  const storeIds = await storeIdsOfOwner(deps.db, uid);
  if (storeIds.length === 0) return 'UTC';
  const copies = await deps.shopCatalog.states(storeIds);
  for (const storeId of storeIds) {
    const timeZone = copies.get(storeId)?.timeZone;
    if (timeZone != null && knownTimeZone(timeZone)) return timeZone;
  }
  return 'UTC';
}

/**
 * Sends the summaries due at `now`: the accounts whose weekday it is in their time zone (their
 * first store's) and whose summary is on are recorded for the ISO week of that zone, then every
 * summary of the current week still unmailed is mailed (today's, and those an earlier run failed to
 * send). An account recorded earlier in the week is not recorded again, so a changed weekday, a
 * second run or a second process sends nothing more. One account's failure is logged and the others
 * go on; the count of failures is returned so the job can retry.
 */
export async function sendWeeklySummaries(
  deps: WeeklySummaryDependencies,
  now = new Date(),
): Promise<{ mailed: number; failed: number }> {
  const candidates = await findWeeklySummaryRecipients(deps.db, weekdaysSomewhereAt(now), now);
  for (const recipient of candidates) {
    const timeZone = await timeZoneOf(deps, recipient.uid);
    if (isoWeekdayOf(now, timeZone) !== recipient.weekday) continue;
    await mailsRepository.recordDue(deps.db, recipient.uid, isoWeekOf(now, timeZone));
  }
  let mailed = 0;
  let failed = 0;
  for (const { uid, week } of await mailsRepository.unmailedOf(deps.db, weeksSomewhereAt(now))) {
    try {
      // Read again: the owner may have turned it off, or left, since it was recorded.
      const recipient = await weeklySummaryRecipientOf(deps.db, uid, now);
      if (recipient === undefined) continue;
      // A week that is over where the owner is stays unmailed: its summary would come late.
      if (week !== isoWeekOf(now, await timeZoneOf(deps, uid))) continue;
      const outcome = await mailSummary(deps, recipient, week, now);
      if (outcome === 'mailed') mailed += 1;
    } catch (error) {
      failed += 1;
      deps.log.warn({ err: error, uid, week }, 'weekly summary not mailed; a later run retries');
    }
  }
  return { mailed, failed };
}
