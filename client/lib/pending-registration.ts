import { browserStorageKeys, supportedLanguages, type Language } from '../../shared/constants.ts';
import type { AccountType } from '../../shared/schemas/account.ts';
import { readStorage, removeStorage, writeStorage } from './browser-storage.ts';
import { isOneOf, isRecord, isString } from './shape-checks.ts';

/**
 * The pending registration of spec §3, kept in localStorage between the sign-up and the backend
 * account's creation (which waits for the e-mail verification, possibly in another tab). Spec §3
 * lists the password among its fields; it is deliberately left out (issue 4): the password is the
 * identity provider's business, and a page script or anyone at the computer could read it here.
 * The serialiser copies the allowed fields by name, so nothing else can slip in.
 */

export interface PendingRegistration {
  name: string;
  email: string;
  accountType: AccountType;
  language: Language;
}

const accountTypes = ['email', 'google'] as const;

export function serializePendingRegistration(registration: PendingRegistration): string {
  const { name, email, accountType, language } = registration;
  return JSON.stringify({ name, email, accountType, language });
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
  if (
    !isRecord(value) ||
    !isString(value.name) ||
    !isString(value.email) ||
    !isOneOf(accountTypes, value.accountType) ||
    !isOneOf(supportedLanguages, value.language)
  ) {
    return undefined;
  }
  return {
    name: value.name,
    email: value.email,
    accountType: value.accountType,
    language: value.language,
  };
}

export function readPendingRegistration(): PendingRegistration | undefined {
  return parsePendingRegistration(readStorage('local', browserStorageKeys.pendingRegistration));
}

/** Stores the registration and raises the verification-pending flag of spec §3. */
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
