import { supportedLanguages, supportedThemes } from '../../shared/constants.ts';
import type {
  Account,
  RegisterAccountBody,
  UpdateAccountBody,
} from '../../shared/schemas/account.ts';
import { ApiError, apiRequest, type ApiRequest } from './api-client.ts';
import { isOneOf, isRecord, isString } from './shape-checks.ts';

/** The backend account (spec §3: "read as data.user"): read at start, updated by the preferences. */

export const accountPath = '/api/v1/account/me';
export const registerPath = '/api/v1/account/register';

export interface AccountApi {
  /** The caller's account, or null when they have none yet (404). */
  fetchAccount(): Promise<Account | null>;
  updateAccount(body: UpdateAccountBody): Promise<Account>;
  /** Creates the caller's account; an account that exists already answers 409 `account_exists`. */
  registerAccount(body: RegisterAccountBody): Promise<Account>;
}

/** The fields the client acts on: the preferences it applies and the identity it shows. */
function isAccount(value: unknown): value is Account {
  return (
    isRecord(value) &&
    isString(value.uid) &&
    isString(value.email) &&
    isString(value.displayName) &&
    isOneOf(supportedLanguages, value.language) &&
    isOneOf(supportedThemes, value.theme)
  );
}

function accountOf(call: string, body: unknown): Account {
  const user = isRecord(body) && isRecord(body.data) ? body.data.user : undefined;
  if (!isAccount(user)) throw new ApiError(200, 'internal_error', `${call}: unexpected answer`);
  return user;
}

export function createAccountApi(request: ApiRequest): AccountApi {
  return {
    async fetchAccount() {
      try {
        return accountOf(`GET ${accountPath}`, await request<unknown>('GET', accountPath));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    async updateAccount(body) {
      return accountOf(`PUT ${accountPath}`, await request<unknown>('PUT', accountPath, body));
    },
    async registerAccount(body) {
      return accountOf(`POST ${registerPath}`, await request<unknown>('POST', registerPath, body));
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
