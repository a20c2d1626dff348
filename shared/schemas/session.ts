import * as z from 'zod/mini';
import { supportedLanguages } from '../constants.ts';

/**
 * The BFF's session routes (`/auth/session…`): what the client sends and what it gets back. The
 * client parses every answer with these schemas; the first page load needs the session's, which is
 * why the contract is written with zod/mini.
 */

/** The signed-in user: who they are and how they signed in. */
const authUserSchema = z.object({
  uid: z.string(),
  email: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  photoURL: z.nullable(z.string()),
  /** The sign-in method: `password`, `google.com`, … */
  providerId: z.string(),
  emailVerified: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const createSessionBodySchema = z.strictObject({
  idToken: z.string().check(z.minLength(1), z.maxLength(8192)),
  refreshToken: z.string().check(z.minLength(1), z.maxLength(8192)),
});
export type CreateSessionBody = z.infer<typeof createSessionBodySchema>;

/** The session's user; only `GET /auth/session` answers `null`, for a visitor who is not signed in. */
export const sessionResponseSchema = z.object({ user: authUserSchema });
export const sessionStateResponseSchema = z.object({ user: z.nullable(authUserSchema) });

/** POST /auth/session/verification-email: the language the e-mail is written in. */
export const verificationEmailBodySchema = z.strictObject({
  language: z.enum(supportedLanguages),
});
