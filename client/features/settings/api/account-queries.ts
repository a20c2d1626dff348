import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account } from '#shared/schemas/account.ts';
import { fetchAccount } from '#client/lib/account-api.ts';
import { sendPasswordReset } from '#client/lib/firebase-auth/email-actions.ts';
import { deleteAccount, saveDisplayName, signOutEverywhere } from './account-settings-api.ts';

/**
 * The Settings screen's server state: the account it shows (one per user, so that another user's
 * never shows) and the changes it makes, each with its own pending and failed state.
 */

const accountKey = (uid: string) => ['account', uid] as const;

/** The signed-in user's account; null while they have none (signed in, not yet created). */
export function useAccount(uid: string) {
  return useQuery<Account | null>({ queryKey: accountKey(uid), queryFn: fetchAccount });
}

/** Saves the display name; the account shown is the one the API answered with. */
export function useSaveDisplayName(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDisplayName,
    onSuccess: (saved) => queryClient.setQueryData(accountKey(uid), saved),
  });
}

/** The identity provider's password-reset e-mail, to the account's address. */
export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
