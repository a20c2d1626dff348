import { boolean, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** The backend account of a Firebase user: its profile and preferences. */
export const accounts = pgTable('accounts', {
  uid: text('uid').primaryKey(),
  email: text('email').notNull(),
  displayName: text('display_name').notNull(),
  accountType: text('account_type', { enum: ['email', 'google'] }).notNull(),
  subscriptionPlan: text('subscription_plan').notNull().default('free'),
  language: text('language', { enum: ['en', 'fr'] })
    .notNull()
    .default('en'),
  theme: text('theme', { enum: ['light', 'dark', 'system'] })
    .notNull()
    .default('system'),
  emailVerified: boolean('email_verified').notNull().default(false),
  /**
   * The weekly summary by e-mail (server/areas/weekly-summary): the owner's own choice, or null
   * until they make one, when the plan decides (on for paying plans, off for Free).
   */
  weeklySummaryEnabled: boolean('weekly_summary_enabled'),
  /** The ISO weekday (1 Monday … 7 Sunday, in UTC) the weekly summary is sent on. */
  weeklySummaryWeekday: smallint('weekly_summary_weekday').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
