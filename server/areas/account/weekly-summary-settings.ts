import type { Language } from '#shared/constants.ts';
import type { PlanId } from '#shared/plans.ts';
import type {
  UpdateWeeklySummaryBody,
  WeeklySummarySettings,
} from '#shared/schemas/weekly-summary.ts';
import type { Database } from '#server/db/database.ts';
import { effectivePlanOf } from '#server/areas/billing/index.ts';
import * as accountsRepository from './accounts-repository.ts';
import { accountNotFound } from './get-account.ts';

/** The plans whose owners get the weekly summary until they choose otherwise. */
export const weeklySummaryByDefault: readonly PlanId[] = ['pro', 'business'];

/** Whether the summary is sent: the owner's choice once made, else the plan's default. */
export function weeklySummaryEnabled(choice: boolean | null, plan: PlanId): boolean {
  return choice ?? weeklySummaryByDefault.includes(plan);
}

async function settingsOf(
  db: Database,
  row: accountsRepository.AccountRow,
  now: Date,
): Promise<WeeklySummarySettings> {
  return {
    enabled: await isOn(db, row, now),
    chosen: row.weeklySummaryEnabled !== null,
    weekday: row.weeklySummaryWeekday,
  };
}

export async function readWeeklySummarySettings(
  db: Database,
  uid: string,
  now = new Date(),
): Promise<WeeklySummarySettings> {
  const row = await accountsRepository.findAccount(db, uid);
  if (row === undefined) throw accountNotFound();
  return settingsOf(db, row, now);
}

/** Records the owner's choice (kept whatever the plan from then on) and the weekday. */
export async function updateWeeklySummarySettings(
  db: Database,
  uid: string,
  body: UpdateWeeklySummaryBody,
  now = new Date(),
): Promise<WeeklySummarySettings> {
  const changes = {
    ...(body.enabled !== undefined && { weeklySummaryEnabled: body.enabled }),
    ...(body.weekday !== undefined && { weeklySummaryWeekday: body.weekday }),
  };
  const row =
    Object.keys(changes).length === 0
      ? await accountsRepository.findAccount(db, uid)
      : await accountsRepository.updateAccount(db, uid, changes);
  if (row === undefined) throw accountNotFound();
  return settingsOf(db, row, now);
}

/**
 * Turns the summary off for good (the unsubscribe link); answers the account's language for the
 * confirmation page, or undefined when the account no longer exists.
 */
export async function turnOffWeeklySummary(
  db: Database,
  uid: string,
): Promise<Language | undefined> {
  const row = await accountsRepository.updateAccount(db, uid, {
    weeklySummaryEnabled: false,
  });
  return row?.language;
}

/** The account's language (the unsubscribe page's), or undefined when it no longer exists. */
export async function accountLanguageOf(db: Database, uid: string): Promise<Language | undefined> {
  return (await accountsRepository.findAccount(db, uid))?.language;
}

/** Who a weekly summary goes to. */
export interface WeeklySummaryRecipient {
  uid: string;
  email: string;
  displayName: string;
  language: Language;
  emailVerified: boolean;
  /** The ISO weekday the owner chose, judged in the owner's time zone by the caller. */
  weekday: number;
}

function recipientOf(row: accountsRepository.AccountRow): WeeklySummaryRecipient {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.displayName,
    language: row.language,
    emailVerified: row.emailVerified,
    weekday: row.weeklySummaryWeekday,
  };
}

async function isOn(db: Database, row: accountsRepository.AccountRow, now: Date) {
  const plan = row.weeklySummaryEnabled === null ? await effectivePlanOf(db, row.uid, now) : 'free';
  return weeklySummaryEnabled(row.weeklySummaryEnabled, plan);
}

/**
 * The accounts whose summary falls on one of `weekdays` (ISO) and is on, by their choice or their
 * plan. The caller asks for every weekday it may be somewhere on Earth and keeps those whose
 * weekday it is in their own time zone, which this area does not know.
 */
export async function findWeeklySummaryRecipients(
  db: Database,
  weekdays: readonly number[],
  now = new Date(),
): Promise<WeeklySummaryRecipient[]> {
  const recipients: WeeklySummaryRecipient[] = [];
  for (const row of await accountsRepository.findWeeklySummaryCandidates(db, weekdays)) {
    if (await isOn(db, row, now)) recipients.push(recipientOf(row));
  }
  return recipients;
}

/**
 * The account as a recipient while its summary is on, whatever the weekday; undefined once it is
 * off or the account is gone (a summary recorded earlier in the week is then not sent).
 */
export async function weeklySummaryRecipientOf(
  db: Database,
  uid: string,
  now = new Date(),
): Promise<WeeklySummaryRecipient | undefined> {
  const row = await accountsRepository.findAccount(db, uid);
  return row !== undefined && (await isOn(db, row, now)) ? recipientOf(row) : undefined;
}
