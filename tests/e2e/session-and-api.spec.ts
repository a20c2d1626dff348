/// <reference lib="dom" />
import { expect, fetchFromPage, openSession, test } from './fixtures.ts';

test('a session made from a Firebase sign-in calls the account API through the BFF', async ({
  page,
  context,
  verifiedUser,
}) => {
  expect(await openSession(page, verifiedUser)).toBe(200);

  // The browser holds only the opaque httpOnly session cookie, never a Firebase token.
  const cookies = await context.cookies();
  const sessionCookie = cookies.find((cookie) => cookie.name === '__Host-vitrine_session');
  expect(sessionCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  expect(storage).not.toContain(verifiedUser.refreshToken);
  expect(await page.evaluate(() => document.cookie)).not.toContain('vitrine_session');

  const session = await fetchFromPage(page, '/auth/session');
  expect(session).toMatchObject({
    status: 200,
    body: { user: { uid: verifiedUser.uid, email: verifiedUser.email, emailVerified: true } },
  });

  expect((await fetchFromPage(page, '/api/v1/account/me')).status).toBe(404);

  const registered = await fetchFromPage(page, '/api/v1/account/register', {
    method: 'POST',
    body: {
      accountType: 'email',
      subscriptionPlan: 'free',
      language: 'fr',
      displayName: 'Camille Martin',
      email: verifiedUser.email,
      emailVerified: true,
    },
  });
  expect(registered).toMatchObject({
    status: 201,
    body: { data: { user: { uid: verifiedUser.uid, language: 'fr' } } },
  });

  const updated = await fetchFromPage(page, '/api/v1/account/me', {
    method: 'PUT',
    body: { theme: 'dark' },
  });
  expect(updated).toMatchObject({
    status: 200,
    body: { data: { user: { theme: 'dark', language: 'fr' } } },
  });

  await page.reload();
  expect(await fetchFromPage(page, '/api/v1/account/me')).toMatchObject({
    status: 200,
    body: { data: { user: { theme: 'dark' } } },
  });
});

test('signing out ends the session for the API and the pages', async ({ page, verifiedUser }) => {
  expect(await openSession(page, verifiedUser)).toBe(200);
  expect((await fetchFromPage(page, '/auth/session', { method: 'DELETE' })).status).toBe(204);

  expect(await fetchFromPage(page, '/api/v1/account/me')).toMatchObject({
    status: 401,
    body: { error: { code: 'unauthenticated' } },
  });
  await page.goto('/settings');
  await expect(page).toHaveURL('/login?redirect=%2Fsettings');
});

test('a state-changing call without the CSRF header is refused', async ({ page, verifiedUser }) => {
  expect(await openSession(page, verifiedUser)).toBe(200);
  const status = await page.evaluate(async () => {
    const response = await fetch('/auth/session', { method: 'DELETE' });
    return response.status;
  });
  expect(status).toBe(403);
  expect((await fetchFromPage(page, '/auth/session')).status).toBe(200);
});
