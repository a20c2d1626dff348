import { accountContracts as contracts } from '#shared/contracts/account.ts';
import type { Account, RegisterAccountBody, UpdateAccountBody } from '#shared/schemas/account.ts';
import { apiRequest, type ApiRequest } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { callApi } from './call-api.ts';

/**
 * The backend account, as the API answers it (`{ data: { user } }`, shared/schemas/account.ts): read
 * at start, created after a sign-in, updated by the preferences and the Settings screen.
 */

export interface AccountApi {
  /** The caller's account, or null when they have none yet (404). */
  fetchAccount(): Promise<Account | null>;
  updateAccount(body: UpdateAccountBody): Promise<Account>;
  /** Creates the caller's account; an account that exists already answers 409 `account_exists`. */
  registerAccount(body: RegisterAccountBody): Promise<Account>;
}

export function createAccountApi(request: ApiRequest): AccountApi {
  return {
    async fetchAccount() {
      try {
        return (await callApi(contracts.read, {}, request)).data.user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    async updateAccount(body) {
      return (await callApi(contracts.update, { body }, request)).data.user;
    },
    async registerAccount(body) {
      return (await callApi(contracts.register, { body }, request)).data.user;
    },
  };
}

const accountApi = createAccountApi(apiRequest);

export function fetchAccount(): Promise<Account | null> {
  return accountApi.fetchAccount();
}

export function updateAccount(body: UpdateAccountBody): Promise<Account> {
  return accountApi.updateAccount(body);
}

export function registerAccount(body: RegisterAccountBody): Promise<Account> {
  return accountApi.registerAccount(body);
}
