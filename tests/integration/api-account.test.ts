import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '#shared/schemas/account.ts';
import {
  bearer,
  errorOf,
  startApiForTests,
  type ApiTestContext,
  insertTestSession,
} from '../support/api-test-app.ts';
import {
  createEmailUser,
  createGoogleUser,
  craftIdToken,
  type TestUser,
} from '../support/auth-emulator-users.ts';

/** The account routes, end to end: real tokens, real PostgreSQL. */

let api: ApiTestContext;

beforeAll(async () => {
  api = await startApiForTests();
});

afterAll(async () => {
  await api?.close();
});

function registrationOf(
  user: TestUser,
  accountType: 'email' | 'google' = 'email',
): Record<string, unknown> {
  return {
    accountType,
    subscriptionPlan: 'free',
    language: 'en',
    email: user.email,
    emailVerified: true,
  };
}

function register(user: TestUser, body: Record<string, unknown>) {
  return api.app.inject({
    method: 'POST',
    url: '/api/v1/account/register',
    headers: bearer(user.idToken),
    payload: body,
  });
}

function readMe(user: TestUser) {
  return api.app.inject({
    method: 'GET',
    url: '/api/v1/account/me',
    headers: bearer(user.idToken),
  });
}

function updateMe(user: TestUser, body: unknown) {
  return api.app.inject({
    method: 'PUT',
    url: '/api/v1/account/me',
    headers: bearer(user.idToken),
    payload: body as object,
  });
}

function deleteMe(user: TestUser) {
  return api.app.inject({
    method: 'DELETE',
    url: '/api/v1/account/delete',
    headers: bearer(user.idToken),
  });
}

function userOf(response: { json: <T>() => T }): Account {
  return response.json<{ data: { user: Account } }>().data.user;
}

async function registeredEmailUser(): Promise<TestUser> {
  const user = await createEmailUser(api.emulatorHost);
  const response = await register(user, registrationOf(user));
  expect(response.statusCode).toBe(201);
  return user;
}

describe('POST /api/v1/account/register', () => {
  it('creates the account of a verified e-mail user with every stored field', async () => {
    const user = await createEmailUser(api.emulatorHost);
    const before = Date.now();

    const response = await register(user, {
      ...registrationOf(user),
      language: 'fr',
      displayName: 'Jeanne Martin',
    });

    expect(response.statusCode).toBe(201);
    const account = userOf(response);
    expect(account).toEqual({
      uid: user.uid,
      email: user.email,
      displayName: 'Jeanne Martin',
      accountType: 'email',
      subscriptionPlan: 'free',
      language: 'fr',
      theme: 'system',
      emailVerified: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(account.createdAt).toISOString()).toBe(account.createdAt);
    expect(new Date(account.createdAt).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    // What was answered is what was stored.
    expect(userOf(await readMe(user))).toEqual(account);
  });

  it('creates the account of a Google user', async () => {
    const user = await createGoogleUser(api.emulatorHost);

    const response = await register(user, registrationOf(user, 'google'));

    expect(response.statusCode).toBe(201);
    expect(userOf(response)).toMatchObject({
      uid: user.uid,
      accountType: 'google',
      emailVerified: true,
    });
  });

  it('takes the part of the e-mail before the @ as the display name when none is given', async () => {
    const user = await createEmailUser(api.emulatorHost);

    const response = await register(user, registrationOf(user));

    expect(response.statusCode).toBe(201);
    expect(userOf(response).displayName).toBe(user.email.split('@')[0]);
  });

  it('answers 409 account_exists to a second registration and keeps the first account', async () => {
    const user = await createEmailUser(api.emulatorHost);
    expect((await register(user, { ...registrationOf(user), language: 'fr' })).statusCode).toBe(
      201,
    );

    const second = await register(user, {
      ...registrationOf(user),
      language: 'en',
      displayName: 'Someone else',
    });

    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe('account_exists');
    expect(userOf(await readMe(user))).toMatchObject({
      language: 'fr',
      displayName: user.email.split('@')[0],
    });
  });

  it('refuses an e-mail that is not the one in the ID token, and creates nothing', async () => {
    const user = await createEmailUser(api.emulatorHost);

    const response = await register(user, {
      ...registrationOf(user),
      email: `other-${user.email}`,
    });

    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({ code: 'account_mismatch', field: 'email' });
    expect((await readMe(user)).statusCode).toBe(404);
  });

  it('refuses an emailVerified flag that contradicts the ID token', async () => {
    const user = await createEmailUser(api.emulatorHost);

    const response = await register(user, { ...registrationOf(user), emailVerified: false });

    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({ code: 'account_mismatch', field: 'emailVerified' });
    expect((await readMe(user)).statusCode).toBe(404);
  });

  it('refuses an account type that is not the sign-in provider of the token', async () => {
    const emailUser = await createEmailUser(api.emulatorHost);
    const googleUser = await createGoogleUser(api.emulatorHost);

    const passwordAsGoogle = await register(emailUser, registrationOf(emailUser, 'google'));
    const googleAsEmail = await register(googleUser, registrationOf(googleUser, 'email'));

    for (const response of [passwordAsGoogle, googleAsEmail]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({ code: 'account_mismatch', field: 'accountType' });
    }
    expect((await readMe(emailUser)).statusCode).toBe(404);
    expect((await readMe(googleUser)).statusCode).toBe(404);
  });

  it('refuses an e-mail account whose address is not verified yet', async () => {
    const user = await createEmailUser(api.emulatorHost, { verified: false });

    const honest = await register(user, { ...registrationOf(user), emailVerified: false });
    const lying = await register(user, { ...registrationOf(user), emailVerified: true });

    expect(honest.statusCode).toBe(403);
    expect(errorOf(honest).code).toBe('email_not_verified');
    expect(lying.statusCode).toBe(403);
    expect(errorOf(lying)).toMatchObject({ code: 'account_mismatch', field: 'emailVerified' });
    expect((await readMe(user)).statusCode).toBe(404);
  });

  it('refuses any subscription plan other than free', async () => {
    const user = await createEmailUser(api.emulatorHost);

    const response = await register(user, { ...registrationOf(user), subscriptionPlan: 'pro' });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'invalid_subscriptionPlan',
      field: 'subscriptionPlan',
    });
    expect((await readMe(user)).statusCode).toBe(404);
  });

  it('refuses a language other than en and fr with invalid_language', async () => {
    const user = await createEmailUser(api.emulatorHost);

    const response = await register(user, { ...registrationOf(user), language: 'de' });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid_language', field: 'language' });
  });

  it('names a missing required field', async () => {
    const user = await createEmailUser(api.emulatorHost);
    const { email: _omitted, ...withoutEmail } = registrationOf(user);

    const response = await register(user, withoutEmail);

    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid_email', field: 'email' });
  });

  it('refuses an unknown field with unknown_field and its name', async () => {
    const user = await createEmailUser(api.emulatorHost);

    const response = await register(user, { ...registrationOf(user), role: 'admin' });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'unknown_field', field: 'role' });
    expect((await readMe(user)).statusCode).toBe(404);
  });

  it('refuses a token from a provider that has no account type', async () => {
    // A token of another provider (anonymous, phone, a custom token) must not register anything.
    const user = await createEmailUser(api.emulatorHost);
    const [header, payload] = craftIdToken(user).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    claims.firebase = { identities: {}, sign_in_provider: 'custom' };
    const customToken = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

    const response = await register({ ...user, idToken: customToken }, registrationOf(user));

    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({ code: 'account_mismatch', field: 'accountType' });
    expect((await readMe(user)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/account/me', () => {
  it('answers 404 account_not_found before registration and 200 after', async () => {
    const user = await createEmailUser(api.emulatorHost);

    const before = await readMe(user);
    expect(before.statusCode).toBe(404);
    expect(errorOf(before).code).toBe('account_not_found');

    await register(user, { ...registrationOf(user), language: 'fr' });
    const after = await readMe(user);

    expect(after.statusCode).toBe(200);
    expect(userOf(after)).toMatchObject({ uid: user.uid, email: user.email, language: 'fr' });
  });

  it("answers each caller with their own account and never another's", async () => {
    const [first, second] = await Promise.all([registeredEmailUser(), registeredEmailUser()]);

    expect(userOf(await readMe(first)).uid).toBe(first.uid);
    expect(userOf(await readMe(second)).uid).toBe(second.uid);
  });
});

describe('PUT /api/v1/account/me', () => {
  it('changes language, theme and display name, and the change persists', async () => {
    const user = await registeredEmailUser();
    const registered = userOf(await readMe(user));

    const response = await updateMe(user, { language: 'fr', theme: 'dark', displayName: 'Zoé' });

    expect(response.statusCode).toBe(200);
    const updated = userOf(response);
    expect(updated).toMatchObject({
      language: 'fr',
      theme: 'dark',
      displayName: 'Zoé',
      email: user.email,
    });
    expect(updated.createdAt).toBe(registered.createdAt);
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(registered.updatedAt).getTime(),
    );
    expect(userOf(await readMe(user))).toEqual(updated);
  });

  it('changes only the fields it is given', async () => {
    const user = await registeredEmailUser();
    await updateMe(user, { theme: 'light' });

    const response = await updateMe(user, { language: 'fr' });

    expect(userOf(response)).toMatchObject({ language: 'fr', theme: 'light' });
  });

  it('answers an empty body with the account unchanged', async () => {
    const user = await registeredEmailUser();
    const registered = userOf(await readMe(user));

    const response = await updateMe(user, {});

    expect(response.statusCode).toBe(200);
    expect(userOf(response)).toEqual(registered);
  });

  it('refuses a theme other than light, dark and system with invalid_theme and changes nothing', async () => {
    const user = await registeredEmailUser();

    const response = await updateMe(user, { theme: 'blue', language: 'fr' });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid_theme', field: 'theme' });
    expect(userOf(await readMe(user))).toMatchObject({ theme: 'system', language: 'en' });
  });

  it('refuses a bad language and an empty display name, naming the field', async () => {
    const user = await registeredEmailUser();

    const badLanguage = await updateMe(user, { language: 'es' });
    const emptyName = await updateMe(user, { displayName: '   ' });

    expect(badLanguage.statusCode).toBe(400);
    expect(errorOf(badLanguage)).toMatchObject({ code: 'invalid_language', field: 'language' });
    expect(emptyName.statusCode).toBe(400);
    expect(errorOf(emptyName)).toMatchObject({ code: 'invalid_displayName', field: 'displayName' });
  });

  it('refuses fields that are not preferences, such as the e-mail or the plan', async () => {
    const user = await registeredEmailUser();

    const email = await updateMe(user, { email: 'someone@example.com' });
    const plan = await updateMe(user, { language: 'fr', subscriptionPlan: 'pro' });

    expect(email.statusCode).toBe(400);
    expect(errorOf(email)).toMatchObject({ code: 'unknown_field', field: 'email' });
    expect(plan.statusCode).toBe(400);
    expect(errorOf(plan)).toMatchObject({ code: 'unknown_field', field: 'subscriptionPlan' });
    expect(userOf(await readMe(user))).toMatchObject({
      email: user.email,
      subscriptionPlan: 'free',
      language: 'en',
    });
  });

  it('answers 404 account_not_found when the caller has no account', async () => {
    const user = await createEmailUser(api.emulatorHost);

    const response = await updateMe(user, { language: 'fr' });
    const empty = await updateMe(user, {});

    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('account_not_found');
    expect(empty.statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/account/delete', () => {
  async function sessionCount(uid: string): Promise<number> {
    const result = await api.database.pool.query<{ count: string }>(
      'select count(*) from sessions where uid = $1',
      [uid],
    );
    return Number(result.rows[0]?.count);
  }

  it('answers 204 with no body, after which the account and the Firebase user are gone', async () => {
    const user = await registeredEmailUser();

    const response = await deleteMe(user);

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const rows = await api.database.pool.query('select 1 from accounts where uid = $1', [user.uid]);
    expect(rows.rowCount).toBe(0);
    expect(await api.identity.findUser(user.uid)).toBeNull();
  });

  it('answers 204 to a user who never registered an account', async () => {
    const neverRegistered = await createEmailUser(api.emulatorHost);

    expect((await deleteMe(neverRegistered)).statusCode).toBe(204);
  });

  it("removes the user's sessions and leaves other users' alone", async () => {
    const user = await registeredEmailUser();
    const bystander = await registeredEmailUser();
    await Promise.all([
      insertTestSession(api.database, user.uid),
      insertTestSession(api.database, user.uid),
      insertTestSession(api.database, bystander.uid),
    ]);

    expect((await deleteMe(user)).statusCode).toBe(204);

    expect(await sessionCount(user.uid)).toBe(0);
    expect(await sessionCount(bystander.uid)).toBe(1);
    expect((await readMe(bystander)).statusCode).toBe(200);
  });

  it("no longer accepts the deleted user's ID token", async () => {
    const user = await registeredEmailUser();
    expect((await deleteMe(user)).statusCode).toBe(204);

    const after = await readMe(user);

    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe('unauthenticated');
  });
});
