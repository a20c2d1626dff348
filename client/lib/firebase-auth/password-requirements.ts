/**
 * The requirements a password must meet and whether it meets them, as the sign-up shows them. Pure,
 * and free of the SDK: the page starts from the provider's fixed minimum before any code of the
 * identity provider has loaded (password-policy.ts reads the project's own policy).
 */

/** One requirement of the password policy, and whether the password meets it. */
export type PasswordRequirement =
  | { kind: 'minLength'; value: number; met: boolean }
  | { kind: 'maxLength'; value: number; met: boolean }
  | { kind: 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric'; met: boolean };

export interface PasswordCheck {
  isValid: boolean;
  requirements: PasswordRequirement[];
}

/**
 * The length Firebase always enforces (`auth/weak-password`), the only rule known when the project's
 * policy cannot be read (the Auth Emulator serves none).
 */
export const providerMinimumLength = 6;

/** The provider's fixed minimum, when no policy can be read. */
export function minimumLengthCheck(password: string): PasswordCheck {
  const met = password.length >= providerMinimumLength;
  return { isValid: met, requirements: [{ kind: 'minLength', value: providerMinimumLength, met }] };
}
