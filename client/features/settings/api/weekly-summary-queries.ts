import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { weeklySummaryContracts } from '#shared/contracts/weekly-summary.ts';
import type {
  UpdateWeeklySummaryBody,
  WeeklySummarySettings,
} from '#shared/schemas/weekly-summary.ts';
import { callApi } from '#client/lib/call-api.ts';

/** The weekly summary's settings on the Settings screen, one entry per user. */

const weeklySummaryKey = (uid: string) => ['weekly-summary', uid] as const;

export function useWeeklySummarySettings(uid: string) {
  return useQuery<WeeklySummarySettings>({
    queryKey: weeklySummaryKey(uid),
    queryFn: async () => (await callApi(weeklySummaryContracts.read, {})).data.settings,
  });
}

/** Saves a change; the settings shown are those the API answered with. */
export function useSaveWeeklySummary(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateWeeklySummaryBody) =>
      (await callApi(weeklySummaryContracts.update, { body })).data.settings,
    onSuccess: (saved) => queryClient.setQueryData(weeklySummaryKey(uid), saved),
  });
}
