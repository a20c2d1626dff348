import * as z from 'zod/mini';
import { signUpPlan, supportedLanguages, supportedThemes } from '../constants.ts';

/**
 * The backend account's contract: the API validates requests and serialises answers with these
 * schemas, the client parses the answers with them. Written with zod/mini, which the bundler trims
 * to what a screen uses.
 */

export const accountTypeSchema = z.enum(['email', 'google']);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const languageSchema = z.enum(supportedLanguages);
export const themeSchema = z.enum(supportedThemes);

const displayNameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

/** The registration payload: what the client states about the user, checked against the token. */
export const registerAccountBodySchema = z.strictObject({
  accountType: accountTypeSchema,
  subscriptionPlan: z.literal(signUpPlan),
  language: languageSchema,
  displayName: z.optional(displayNameSchema),
  email: z.email().check(z.maxLength(320)),
  emailVerified: z.boolean(),
});
export type RegisterAccountBody = z.infer<typeof registerAccountBodySchema>;

/** A partial update of the account's preferences and profile. */
export const updateAccountBodySchema = z.partial(
  z.strictObject({
    language: languageSchema,
    displayName: displayNameSchema,
    theme: themeSchema,
  }),
);
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

export const accountSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  accountType: accountTypeSchema,
  subscriptionPlan: z.string(),
  language: languageSchema,
  theme: themeSchema,
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountResponseSchema = z.object({ data: z.object({ user: accountSchema }) });

/** The 202 of an account deletion that the account-deletion job finishes. */
export const accountDeletionPendingSchema = z.object({
  data: z.object({ status: z.literal('pending') }),
});
