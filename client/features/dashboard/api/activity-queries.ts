import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { activityContracts as contracts } from '#shared/contracts/activity.ts';
import { callApi } from '#client/lib/call-api.ts';

/** Entries per page of the timeline. */
export const entriesPerPage = 30;

export const activityKeys = {
  all: (uid: string) => ['activity', uid] as const,
  page: (uid: string, offset: number) => ['activity', uid, offset] as const,
};

/** One page of the account's timeline, newest first; the page shown stays while the next loads. */
export function useActivity(uid: string, offset: number) {
  return useQuery({
    queryKey: activityKeys.page(uid, offset),
    queryFn: async () =>
      (await callApi(contracts.list, { query: { offset, limit: entriesPerPage } })).data,
    enabled: uid !== '',
    placeholderData: keepPreviousData,
  });
}
