import { z } from 'zod';
import { supportedLanguages } from '../constants.ts';

/** The signed-in user as the BFF describes it to the client (spec §3, "Auth user"). */
export const authUserSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  providerId: z.string(),
  emailVerified: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const createSessionBodySchema = z.strictObject({
  idToken: z.string().min(1).max(8192),
  refreshToken: z.string().min(1).max(8192),
});
export type CreateSessionBody = z.infer<typeof createSessionBodySchema>;

export const sessionResponseSchema = z.object({ user: authUserSchema });

/** POST /auth/session/verification-email: the language the e-mail is written in. */
export const verificationEmailBodySchema = z.strictObject({
  language: z.enum(supportedLanguages),
});
export type VerificationEmailBody = z.infer<typeof verificationEmailBodySchema>;
