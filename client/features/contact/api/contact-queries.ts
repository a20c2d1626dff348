import { useMutation, useQuery } from '@tanstack/react-query';
import { contactContracts as contracts } from '#shared/contracts/contact.ts';
import type { ContactMessageBody } from '#shared/schemas/contact.ts';
import { callApi } from '#client/lib/call-api.ts';

/**
 * The contact form's server state: the form's token, fetched when the form is shown and renewed
 * when the API refuses it or a new message starts (a token is never shared between two forms:
 * it is dropped as soon as its form goes), and the sending of a message.
 */

export function useContactFormToken(uid: string) {
  return useQuery({
    queryKey: ['contact', 'form-token', uid],
    queryFn: async () => (await callApi(contracts.formToken, {})).data.formToken,
    // Fresh for as long as its form is shown; renewed only when the form asks.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useSendContactMessage() {
  return useMutation({
    mutationFn: async (body: ContactMessageBody) =>
      (await callApi(contracts.sendMessage, { body })).data.messageId,
  });
}
