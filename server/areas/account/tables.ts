import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
