import { useAuthState } from '#client/lib/auth-session.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { displayNameOf } from './user-name.ts';

/** The signed-in user's name as the interface shows it; "User" when nobody is signed in. */
export function useUserName(): string {
  const { t } = useTranslation();
  const auth = useAuthState();
  const fallback = t('userMenu.fallbackName');
  return auth.status === 'signed-in' ? displayNameOf(auth.user, fallback) : fallback;
}
