import { describe, expect, it, vi } from 'vitest';
import { createAccountSync } from '#client/lib/account-sync.ts';
import { mayHaveAccount } from '#client/lib/signed-in-account.ts';
import { ApiError } from '#client/lib/api-error.ts';
import type { PendingRegistration } from '#client/lib/pending-registration.ts';
import type { Account } from '#shared/schemas/account.ts';
import type { AuthUser } from '#shared/schemas/session.ts';

const user: AuthUser = {
  uid: 'uid-1',
  email: 'camille@example.com',
  displayName: 'Camille',
  photoURL: null,
  providerId: 'password',
  emailVerified: true,
};

const pending: PendingRegistration = {
  name: 'Camille Martin',
  email: 'Camille@Example.com',
  accountType: 'email',
  language: 'fr',
};

const account = { uid: 'uid-1', language: 'fr', theme: 'system' } as Account;

describe('account sync', () => {
  it('knows who may have an account: verified e-mail users and Google users', () => {
    expect(mayHaveAccount(user)).toBe(true);
    expect(mayHaveAccount({ ...user, emailVerified: false })).toBe(false);
    expect(mayHaveAccount({ ...user, emailVerified: false, providerId: 'google.com' })).toBe(true);
  });

  it('creates the account on 404, clears the pending registration, and shares one request', async () => {
    const fetchAccount = vi.fn().mockResolvedValue(null);
    const registerAccount = vi.fn().mockResolvedValue(account);
    const clearPendingRegistration = vi.fn();
    const sync = createAccountSync({
      fetchAccount,
      registerAccount,
      readPendingRegistration: () => pending,
      clearPendingRegistration,
    });
    const [first, second] = await Promise.all([sync.ensure(user), sync.ensure(user)]);
    expect(first).toBe(account);
    expect(second).toBe(account);
    expect(fetchAccount).toHaveBeenCalledTimes(1);
    expect(registerAccount).toHaveBeenCalledWith(expect.objectContaining({ language: 'fr' }));
    expect(clearPendingRegistration).toHaveBeenCalledTimes(1);
  });

  it('counts a 409 as success and reads the account that exists', async () => {
    const fetchAccount = vi.fn().mockResolvedValueOnce(null).mockResolvedValueOnce(account);
    const sync = createAccountSync({
      fetchAccount,
      registerAccount: vi.fn().mockRejectedValue(new ApiError(409, 'account_exists', 'exists')),
      readPendingRegistration: () => undefined,
      clearPendingRegistration: vi.fn(),
    });
    await expect(sync.ensure(user)).resolves.toBe(account);
  });

  it('keeps the pending registration when the account cannot be made', async () => {
    const clearPendingRegistration = vi.fn();
    const sync = createAccountSync({
      fetchAccount: vi.fn().mockResolvedValue(null),
      registerAccount: vi.fn().mockRejectedValue(new ApiError(503, 'upstream_unavailable', 'x')),
      readPendingRegistration: () => pending,
      clearPendingRegistration,
    });
    await expect(sync.ensure(user)).rejects.toMatchObject({ status: 503 });
    expect(clearPendingRegistration).not.toHaveBeenCalled();
  });
});
