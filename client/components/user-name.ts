import type { AuthUser } from '#shared/schemas/session.ts';

/**
 * How the interface names the signed-in user: the display name, else the part of the e-mail before
 * the @ (as an account's default name is made, shared/registration.ts), else `fallback` ("User" in
 * the visitor's language).
 */
export function displayNameOf(
  user: Pick<AuthUser, 'displayName' | 'email'>,
  fallback: string,
): string {
  const name = user.displayName?.trim();
  if (name !== undefined && name !== '') return name;
  const local = user.email?.split('@')[0]?.trim();
  return local !== undefined && local !== '' ? local : fallback;
}

/** Up to two letters for an avatar without a photo: first and last words of the name. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '');
  const first = words[0];
  if (first === undefined) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = [first, last].filter((word) => word !== undefined).map((word) => [...word][0]);
  return letters.join('').toLocaleUpperCase();
}
