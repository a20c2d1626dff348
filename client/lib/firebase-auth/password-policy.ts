import type { Auth, PasswordValidationStatus } from 'firebase/auth';
import { firebaseAuth } from './load-sdk.ts';
import {
  minimumLengthCheck,
  providerMinimumLength,
  type PasswordCheck,
  type PasswordRequirement,
} from './password-requirements.ts';

/**
 * The project's password policy, for the live list of requirements under the sign-up's password
 * field: what Firebase's `validatePassword` says of the password typed so far.
 */

/** The requirements a validation status names (those the policy leaves out are undefined). */
export function passwordCheckOf(status: PasswordValidationStatus): PasswordCheck {
  const options = status.passwordPolicy.customStrengthOptions;
  const requirements: PasswordRequirement[] = [];
  if (status.meetsMinPasswordLength !== undefined) {
    requirements.push({
      kind: 'minLength',
      value: options.minPasswordLength ?? providerMinimumLength,
      met: status.meetsMinPasswordLength,
    });
  }
  if (status.meetsMaxPasswordLength !== undefined && options.maxPasswordLength !== undefined) {
    requirements.push({
      kind: 'maxLength',
      value: options.maxPasswordLength,
      met: status.meetsMaxPasswordLength,
    });
  }
  const flags = [
    ['lowercase', status.containsLowercaseLetter],
    ['uppercase', status.containsUppercaseLetter],
    ['numeric', status.containsNumericCharacter],
    ['nonAlphanumeric', status.containsNonAlphanumericCharacter],
  ] as const;
  for (const [kind, met] of flags) if (met !== undefined) requirements.push({ kind, met });
  return { isValid: status.isValid, requirements };
}

/** The password against the project's policy (Firebase's `validatePassword`). */
export async function validatePasswordLive(password: string): Promise<PasswordCheck> {
  const { auth, sdk } = await firebaseAuth();
  try {
    return passwordCheckOf(await sdk.validatePassword(auth, password));
  } catch {
    return minimumLengthCheck(password);
  }
}

/**
 * After `auth/password-does-not-meet-requirements` the policy changed since it was read: the SDK
 * re-reads it (it starts that itself on this error); this waits for a fresh copy, then checks the
 * password against it, so the page can say what is missing.
 */
export async function refreshPasswordPolicy(password: string): Promise<PasswordCheck> {
  const { auth } = await firebaseAuth();
  // The public API only re-reads the policy as a side effect of that error; the internal method the
  // SDK uses for it is called when present, and the cached policy is used otherwise.
  const internal = auth as Auth & { _updatePasswordPolicy?: () => Promise<void> };
  try {
    await internal._updatePasswordPolicy?.();
  } catch {
    // No policy to read (the emulator): the provider's minimum is all there is to show.
  }
  return validatePasswordLive(password);
}
