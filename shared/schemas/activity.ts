import * as z from 'zod/mini';
import { planIds } from '../plans.ts';
import { supportedLanguages } from '../constants.ts';

/**
 * The account's activity (`GET /api/v1/activity`, the `/home` timeline): what happened across the
 * owner's stores, newest first, each entry saying who or what did it.
 */

export const activityKinds = [
  'store.connected',
  'store.disconnected',
  'import.finished',
  'audit.finished',
  'pages.audited',
  'changes.approved',
  'changes.written',
  'changes.failed',
  'changes.undone',
  'conflict.settled',
  'post.published',
  'post.scheduled',
  'post.failed',
  'plan.changed',
  'payment.succeeded',
  'payment.failed',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/**
 * Who or what did it: the owner, a webhook from Shopify, Shopify answering one of Vitrine's writes,
 * the weekly audit, Vitrine on its own (an import's audit), or Stripe.
 */
export const activityActors = [
  'owner',
  'shopify-webhook',
  'shopify',
  'weekly-audit',
  'vitrine',
  'stripe',
] as const;
export type ActivityActor = (typeof activityActors)[number];

const languageSchema = z.enum(supportedLanguages);

/** What an entry says besides its kind; each kind fills what it has. */
export const activityDetailsSchema = z.object({
  /** Changes approved, written, failed or undone; pages imported or audited again. */
  count: z.optional(z.number()),
  /**
   * An audit's score per language, and its change since the previous audit (null for the first);
   * for pages audited again, the change they made.
   */
  scores: z.optional(
    z.array(
      z.object({
        language: languageSchema,
        score: z.nullable(z.number()),
        change: z.nullable(z.number()),
      }),
    ),
  ),
  postId: z.optional(z.string()),
  title: z.optional(z.string()),
  publishAt: z.optional(z.string()),
  errorCode: z.optional(z.string()),
  plan: z.optional(z.enum(planIds)),
  /** Which text the owner kept when settling a conflict. */
  kept: z.optional(z.enum(['vitrine', 'shopify'])),
});
export type ActivityDetails = z.infer<typeof activityDetailsSchema>;

export const activityQuerySchema = z.object({
  offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(activityKinds),
  actor: z.enum(activityActors),
  /** The store it concerns, null for the account's own (plan, payment); its address is kept when the store is gone. */
  shopId: z.nullable(z.string()),
  shopDomain: z.nullable(z.string()),
  /** Whether the store is still connected: only then does the entry link to it. */
  shopConnected: z.boolean(),
  details: activityDetailsSchema,
  at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityListSchema = z.object({
  data: z.object({
    total: z.number(),
    offset: z.number(),
    entries: z.array(activityEntrySchema),
  }),
});
export type ActivityList = z.infer<typeof activityListSchema>['data'];
