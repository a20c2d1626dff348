import type { DashboardStore } from '#shared/schemas/dashboard.ts';
import type { Database } from '#server/db/database.ts';
import type { JobLog } from '#server/jobs/job-queue.ts';
import type { Mailer } from '#server/platform/mail.ts';
import {
  findWeeklySummaryRecipients,
  weeklySummaryRecipientOf,
  type WeeklySummaryRecipient,
} from '#server/areas/account/index.ts';
import { readDashboard } from '#server/areas/dashboard/index.ts';
import { listShopConnections, type ShopCatalog } from '#server/areas/shops/index.ts';
import { composeSummary } from './compose-summary.ts';
import { isoWeekdayOf, isoWeekOf } from './summary-week.ts';
import { issueUnsubscribeToken } from './unsubscribe-token.ts';
import * as mailsRepository from './weekly-summary-repository.ts';

export interface WeeklySummaryDependencies {
  db: Database;
  mailer: Mailer;
  log: JobLog;
  /** The product's public address: the links of the mail point there. */
  publicUrl: string;
  /** The copy of each store's catalog, which the dashboard reads the stores' state from. */
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
  now: Date,
): Promise<DashboardStore[]> {
  const dashboardDeps = { db: deps.db, catalog: deps.shopCatalog };
  const { shops } = await listShopConnections(dashboardDeps, recipient.uid);
  const stores: DashboardStore[] = [];
  for (const shop of shops) {
    const dashboard = await readDashboard(dashboardDeps, recipient, shop.id, now);
    if (dashboard.store !== null) stores.push(dashboard.store);
  }
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
      stores: await storesOf(deps, recipient, now),
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
 * Sends the summaries due at `now`: the accounts whose weekday it is (UTC) and whose summary is on
 * are recorded for this ISO week, then every summary of the week still unmailed is mailed (today's,
 * and those an earlier run failed to send). An account recorded earlier in the week is not recorded
 * again, so a changed weekday, a second run or a second process sends nothing more. One account's
 * failure is logged and the others go on; the count of failures is returned so the job can retry.
 */
export async function sendWeeklySummaries(
  deps: WeeklySummaryDependencies,
  now = new Date(),
): Promise<{ mailed: number; failed: number }> {
  const week = isoWeekOf(now);
  for (const recipient of await findWeeklySummaryRecipients(deps.db, isoWeekdayOf(now), now)) {
    await mailsRepository.recordDue(deps.db, recipient.uid, week);
  }
  let mailed = 0;
  let failed = 0;
  for (const uid of await mailsRepository.unmailedOf(deps.db, week)) {
    try {
      // Read again: the owner may have turned it off, or left, since it was recorded.
      const recipient = await weeklySummaryRecipientOf(deps.db, uid, now);
      if (recipient === undefined) continue;
      const outcome = await mailSummary(deps, recipient, week, now);
      if (outcome === 'mailed') mailed += 1;
    } catch (error) {
      failed += 1;
      deps.log.warn({ err: error, uid, week }, 'weekly summary not mailed; a later run retries');
    }
  }
  return { mailed, failed };
}
