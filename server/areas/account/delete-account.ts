import type { Database } from '#server/db/database.ts';
import * as accountsRepository from './accounts-repository.ts';
import { deleteUserActivity } from '#server/areas/activity/index.ts';
import { deleteUserLiveEvents } from '#server/areas/live/index.ts';
import { deleteBillingData } from '#server/areas/billing/index.ts';
import { deleteUserContactMessages } from '#server/areas/contact/index.ts';
import { deleteUserSessions } from '#server/areas/sessions/index.ts';
import { deleteUserShops, type UserShopsDependencies } from '#server/areas/shops/index.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';

export interface AccountDeletionDependencies {
  db: Database;
  identity: IdentityProvider;
  /**
   * To disconnect the account's stores (Vitrine as a Shopify app, the tokens' cipher, the catalog's
   * copy). Absent only where the API runs without stores (tests of other routes): an account with
   * stores is then left to the account-deletion job, which always has them.
   */
  stores?: UserShopsDependencies | undefined;
  /**
   * Erases the SEO changes the user made or approved (the seo-changes area's deleteUserChanges),
   * given by whoever wires the deletion: the SEO changes name their approvers through this area,
   * so this area importing them back would make the two areas a loop.
   */
  deleteUserChanges: (db: Database, uid: string) => Promise<void>;
  /**
   * Erases the account's weekly summaries (the weekly-summary area's deleteUserWeeklySummaries),
   * given by whoever wires the deletion for the same reason: that area reads the accounts.
   */
  deleteUserWeeklySummaries: (db: Database, uid: string) => Promise<void>;
}

/** Which step of a deletion failed, for the logs and the error report. */
export class AccountDeletionStepError extends Error {
  constructor(
    readonly step:
      | 'sessions'
      | 'contact-messages'
      | 'seo-changes'
      | 'billing'
      | 'stores'
      | 'activity'
      | 'live-events'
      | 'weekly-summaries'
      | 'account'
      | 'identity',
    options: ErrorOptions,
  ) {
    super(`Deleting the user's ${step} failed`, options);
    this.name = 'AccountDeletionStepError';
  }
}

/**
 * Removes everything the product keeps about a user: the BFF's sessions (they live in the same
 * database), the messages sent through the contact form, the SEO changes the user made or approved,
 * the account's Stripe customer and subscriptions as billing recorded them (cancelled at Stripe
 * before any deletion starts, request-account-deletion.ts), the account's stores (each
 * disconnected: the app removed at Shopify, the copy of its catalog, its audit, its changes and its
 * row deleted) and the store authorizations the user started, the account's activity timeline,
 * live events and weekly summaries' ledger, the account row (with the summary's settings), then the
 * Firebase user.
 *
 * Sessions go first: if a later step fails, the user is at least signed out everywhere rather than
 * left with live sessions. The Firebase user goes last, because once it is gone nobody can sign in
 * as this user again to ask for the rest. No transaction wraps the steps: each one is idempotent, so
 * the account-deletion job finishes a half-done deletion by running the whole of it again.
 */
export async function deleteAccountEverywhere(
  deps: AccountDeletionDependencies,
  uid: string,
): Promise<void> {
  await runStep('sessions', () => deleteUserSessions(deps.db, uid));
  await runStep('contact-messages', () => deleteUserContactMessages(deps.db, uid));
  await runStep('seo-changes', () => deps.deleteUserChanges(deps.db, uid));
  await runStep('billing', () => deleteBillingData(deps.db, uid));
  // The stores need Shopify to remove the app: when it cannot answer, the steps above have already
  // deleted what needs no one else, and the job asks Shopify again before the account goes.
  await runStep('stores', () => deleteUserShops(deps.db, deps.stores, uid));
  // After the stores: disconnecting them records their disconnection in the timeline and as a
  // live event.
  await runStep('activity', () => deleteUserActivity(deps.db, uid));
  await runStep('live-events', () => deleteUserLiveEvents(deps.db, uid));
  await runStep('weekly-summaries', () => deps.deleteUserWeeklySummaries(deps.db, uid));
  await runStep('account', () => accountsRepository.deleteAccount(deps.db, uid));
  await runStep('identity', () => deps.identity.deleteUser(uid));
}

async function runStep(
  step: AccountDeletionStepError['step'],
  action: () => Promise<void>,
): Promise<void> {
  try {
    await action();
  } catch (error) {
    throw new AccountDeletionStepError(step, { cause: error });
  }
}
