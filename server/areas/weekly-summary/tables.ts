import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The weekly summaries' outbox and ledger: one row per account and ISO week (`2026-W48`), made
 * before anything is mailed. Its key is what keeps a summary from going out twice in a week,
 * whichever run or process gets there; `mailed_at` stays null until the mail server has accepted it,
 * so a failed send is tried again by the job's retry or the next day's run. Rows are purged after a
 * few weeks (weekly-summary-job.ts), those of deleted accounts with them.
 */
export const weeklySummaryMails = pgTable(
  'weekly_summary_mails',
  {
    uid: text('uid').notNull(),
    week: text('week').notNull(),
    /** Makes the mail's Message-ID, stable across attempts. */
    id: uuid('id').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.week] }),
    index('weekly_summary_mails_created_at_idx').on(table.createdAt),
  ],
);
