import * as z from 'zod/mini';
import { browserStorageKeys } from '#shared/constants.ts';
import { accountTypeSchema, languageSchema } from '#shared/schemas/account.ts';
import { readStorage, removeStorage, writeStorage } from './browser-storage.ts';

/**
 * The pending registration, kept in localStorage between the sign-up and the backend account's
 * creation (which waits for the e-mail verification, possibly in another tab): the name and the
 * language chosen at sign-up, which the account is created with (shared/registration.ts), and the
 * page the sign-up was asked for on the way to (`/login?redirect=…`), where the verified account then
 * goes. The password is deliberately not among its fields: it is the identity provider's business,
 * and a page script or anyone at the computer could read it here. Both the serialiser and the schema
 * name the allowed fields, so nothing else can slip in or be read back.
 */

const pendingRegistrationSchema = z.object({
  name: z.string(),
  email: z.string(),
  accountType: accountTypeSchema,
  language: languageSchema,
  /** A path of this site, judged again by safeRedirectTarget wherever it is followed. */
  redirect: z.optional(z.string()),
});
export type PendingRegistration = z.infer<typeof pendingRegistrationSchema>;

export function serializePendingRegistration(registration: PendingRegistration): string {
  const { name, email, accountType, language, redirect } = registration;
  return JSON.stringify({
    name,
    email,
    accountType,
    language,
    ...(redirect !== undefined && { redirect }),
  });
}

/** The registration in a stored text, or undefined when it is absent or not one of ours. */
export function parsePendingRegistration(
  text: string | undefined,
): PendingRegistration | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = z.safeParse(pendingRegistrationSchema, value);
  return parsed.success ? parsed.data : undefined;
}

export function readPendingRegistration(): PendingRegistration | undefined {
  return parsePendingRegistration(readStorage('local', browserStorageKeys.pendingRegistration));
}

/** Stores the registration and raises the verification-pending flag. */
export function savePendingRegistration(registration: PendingRegistration): void {
  writeStorage(
    'local',
    browserStorageKeys.pendingRegistration,
    serializePendingRegistration(registration),
  );
  writeStorage('local', browserStorageKeys.verificationPending, 'true');
}

/** Removes the registration and the verification-pending flag. */
export function clearPendingRegistration(): void {
  removeStorage('local', browserStorageKeys.pendingRegistration);
  removeStorage('local', browserStorageKeys.verificationPending);
}

/**
 * The page this browser's sign-up was on its way to, if the registration is `email`'s (anyone's when
 * `email` is null, before the session is known); undefined when there is none. Read before the
 * account is ensured, which clears the registration; followed through safeRedirectTarget.
 */
export function pendingRedirect(email: string | null): string | undefined {
  const registration = readPendingRegistration();
  if (registration === undefined) return undefined;
  if (email !== null && registration.email.toLowerCase() !== email.toLowerCase()) return undefined;
  return registration.redirect;
}
