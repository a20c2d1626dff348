import { z } from 'zod';
import { signUpPlan, supportedLanguages, supportedThemes } from '../constants.ts';

export const accountTypeSchema = z.enum(['email', 'google']);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const languageSchema = z.enum(supportedLanguages);
export const themeSchema = z.enum(supportedThemes);

const displayNameSchema = z.string().trim().min(1).max(100);

/** The spec's registration payload (§3). */
export const registerAccountBodySchema = z.strictObject({
  accountType: accountTypeSchema,
  subscriptionPlan: z.literal(signUpPlan),
  language: languageSchema,
  displayName: displayNameSchema.optional(),
  email: z.email().max(320),
  emailVerified: z.boolean(),
});
export type RegisterAccountBody = z.infer<typeof registerAccountBodySchema>;

/** A partial update of the account's preferences and profile. */
export const updateAccountBodySchema = z
  .strictObject({
    language: languageSchema,
    displayName: displayNameSchema,
    theme: themeSchema,
  })
  .partial();
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
