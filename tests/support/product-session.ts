import type { TestUser } from './auth-emulator-users.ts';

/**
 * Signs a user in through a running product's BFF at `baseUrl`, as the client does after a Firebase
 * sign-in, and registers their account; resolves with the session cookie (`name=value`). Throws,
 * naming the step and its status, when either is refused.
 */
export async function openSessionWithAccount(baseUrl: string, user: TestUser): Promise<string> {
  const clientHeaders = { 'content-type': 'application/json', 'x-requested-with': 'vitrine' };
  const opened = await fetch(`${baseUrl}/auth/session`, {
    method: 'POST',
    headers: clientHeaders,
    body: JSON.stringify({ idToken: user.idToken, refreshToken: user.refreshToken }),
  });
  if (opened.status !== 200) throw new Error(`Could not open a session: ${opened.status}`);
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
  const registered = await fetch(`${baseUrl}/api/v1/account/register`, {
    method: 'POST',
    headers: { ...clientHeaders, cookie },
    body: JSON.stringify({
      accountType: 'email',
      subscriptionPlan: 'free',
      language: 'en',
      email: user.email,
      emailVerified: true,
    }),
  });
  if (registered.status !== 201) {
    throw new Error(`Could not register the account: ${registered.status}`);
  }
  return cookie;
}
