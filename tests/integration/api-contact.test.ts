import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFormToken } from '#server/areas/contact/form-token.ts';
import { contactFormRules } from '#shared/schemas/contact.ts';
import { bearer, errorOf } from '../support/api-test-app.ts';
import { createEmailUser, type TestUser } from '../support/auth-emulator-users.ts';
import { emulatorHost } from '../support/integration-services.ts';
import {
  clientHeaders,
  cookieHeader,
  signIn,
  startBff,
  type BffHarness,
} from './bff-test-harness.ts';
import {
  contactInbox,
  contactRow,
  contactRowsOf,
  startContactApi,
  writtenMails,
  type ContactTestContext,
} from './contact-test-support.ts';
import { eventually } from '../support/eventually.ts';

/**
 * POST /api/v1/contact and its form token, end to end: real ID tokens, PostgreSQL, a
 * real pg-boss queue and the contact-mail worker writing .eml files as local mode does.
 */

let api: ContactTestContext;

beforeAll(async () => {
  api = await startContactApi();
});

afterAll(async () => {
  await api?.close();
});

/** A token issued long enough ago to pass the minimum fill time, as if the user had typed. */
function typedToken(user: TestUser, secondsAgo = 10): Promise<string> {
  return issueFormToken(api.database.db, user.uid, new Date(Date.now() - secondsAgo * 1000));
}

async function messageOf(user: TestUser, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Jeanne Martin',
    email: user.email,
    subject: 'Question about plans',
    message: 'Hello, can I change plans at any time?\nThanks.',
    language: 'fr',
    formToken: await typedToken(user),
    ...overrides,
  };
}

function send(user: TestUser, body: unknown) {
  return api.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    headers: bearer(user.idToken),
    payload: body as object,
  });
}

describe('GET /api/v1/contact/form-token', () => {
  it('gives the caller a token', async () => {
    const user = await createEmailUser(emulatorHost());

    const response = await api.app.inject({
      method: 'GET',
      url: '/api/v1/contact/form-token',
      headers: bearer(user.idToken),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { formToken: expect.stringMatching(/^\d+\.[\w-]{43}$/) },
    });
  });

  it('refuses a caller without an ID token', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/contact/form-token' });

    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('unauthenticated');
  });
});

describe('POST /api/v1/contact', () => {
  it('stores the message, answers 201 with its id, and the worker mails it to the inbox', async () => {
    const user = await createEmailUser(emulatorHost());
    const body = await messageOf(user);

    const response = await send(user, body);

    expect(response.statusCode).toBe(201);
    const { messageId } = response.json<{ data: { messageId: string } }>().data;
    expect(await contactRow(api.database, messageId)).toMatchObject({
      uid: user.uid,
      name: 'Jeanne Martin',
      email: user.email,
      subject: 'Question about plans',
      message: body.message,
      language: 'fr',
    });

    const mailed = await eventually(
      'the message to be mailed',
      () => contactRow(api.database, messageId),
      (row) => row !== undefined && row.mailed_at !== null,
    );
    expect(mailed?.attempts).toBe(1);
    const mail = (await writtenMails(api.mailDir)).find(({ file }) => file.includes(messageId));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(`To: ${contactInbox}`);
    expect(mail!.text).toContain(`Reply-To: Jeanne Martin <${user.email}>`);
    expect(mail!.text).toContain('Subject: [Vitrine contact] Question about plans');
    for (const line of [
      'Name: Jeanne Martin',
      `E-mail: ${user.email}`,
      'Language: fr',
      'Subject: Question about plans',
      'Hello, can I change plans at any time?',
    ]) {
      expect(mail!.text).toContain(line);
    }
    expect(api.printed).toContainEqual(
      `Mail to ${contactInbox}: [Vitrine contact] Question about plans (${mail!.file})`,
    );
  });

  it('keeps the store the message is about, and mails it; none when none is named', async () => {
    const user = await createEmailUser(emulatorHost());

    const about = await send(
      user,
      await messageOf(user, { store: ' maison-exemple.myshopify.com ' }),
    );
    expect(about.statusCode).toBe(201);
    const { messageId } = about.json<{ data: { messageId: string } }>().data;
    expect(await contactRow(api.database, messageId)).toMatchObject({
      store: 'maison-exemple.myshopify.com',
    });
    const mailed = await eventually(
      'the mail of the message',
      async () => (await writtenMails(api.mailDir)).find(({ file }) => file.includes(messageId)),
      (mail) => mail !== undefined,
    );
    expect(mailed.text).toContain('Store: maison-exemple.myshopify.com');

    const without = await send(user, await messageOf(user));
    expect(without.statusCode).toBe(201);
    const other = without.json<{ data: { messageId: string } }>().data.messageId;
    expect(await contactRow(api.database, other)).toMatchObject({ store: null });

    // A line break could smuggle a mail header in: refused like the name and the subject.
    const smuggled = await send(
      user,
      await messageOf(user, { store: 'shop\nBcc: x@evil.example' }),
    );
    expect(smuggled.statusCode).toBe(400);
    expect(errorOf(smuggled).code).toBe('invalid_store');
  });

  it('trims the fields before storing them', async () => {
    const user = await createEmailUser(emulatorHost());

    const response = await send(
      user,
      await messageOf(user, {
        name: '  Jeanne  ',
        subject: ' Hi ',
        message: '  Ten chars at least  ',
      }),
    );

    expect(response.statusCode).toBe(201);
    const [row] = await contactRowsOf(api.database, user.uid);
    expect(row).toMatchObject({ name: 'Jeanne', subject: 'Hi', message: 'Ten chars at least' });
  });

  it('answers a filled honeypot with 201 and stores and sends nothing', async () => {
    const user = await createEmailUser(emulatorHost());

    const response = await send(user, await messageOf(user, { website: 'https://spam.example' }));

    expect(response.statusCode).toBe(201);
    const { messageId } = response.json<{ data: { messageId: string } }>().data;
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await contactRowsOf(api.database, user.uid)).toEqual([]);
    expect(await contactRow(api.database, messageId)).toBeUndefined();
  });

  it('accepts an empty honeypot', async () => {
    const user = await createEmailUser(emulatorHost());

    const response = await send(user, await messageOf(user, { website: '' }));

    expect(response.statusCode).toBe(201);
    expect(await contactRowsOf(api.database, user.uid)).toHaveLength(1);
  });

  it('refuses a form sent within seconds of its token with form_submitted_too_fast', async () => {
    const user = await createEmailUser(emulatorHost());
    const tokenResponse = await api.app.inject({
      method: 'GET',
      url: '/api/v1/contact/form-token',
      headers: bearer(user.idToken),
    });
    const { formToken } = tokenResponse.json<{ data: { formToken: string } }>().data;

    const response = await send(user, await messageOf(user, { formToken }));

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('form_submitted_too_fast');
    expect(await contactRowsOf(api.database, user.uid)).toEqual([]);
  });

  it('refuses a token older than its lifetime with form_expired', async () => {
    const user = await createEmailUser(emulatorHost());
    const formToken = await typedToken(user, contactFormRules.tokenLifetimeMs / 1000 + 60);

    const response = await send(user, await messageOf(user, { formToken }));

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('form_expired');
  });

  it("refuses another user's token with form_token_invalid", async () => {
    const [user, other] = await Promise.all([
      createEmailUser(emulatorHost()),
      createEmailUser(emulatorHost()),
    ]);

    const response = await send(
      user,
      await messageOf(user, { formToken: await typedToken(other) }),
    );

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('form_token_invalid');
  });

  it('refuses a tampered or made-up token with form_token_invalid', async () => {
    const user = await createEmailUser(emulatorHost());
    const genuine = await typedToken(user);
    const [issuedAt, signature] = genuine.split('.') as [string, string];
    const backdated = `${Number(issuedAt) - 3_600_000}.${signature}`;
    const flipped = `${issuedAt}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;

    for (const formToken of [backdated, flipped, 'not-a-token', `${issuedAt}.`]) {
      const response = await send(user, await messageOf(user, { formToken }));
      expect(response.statusCode, formToken).toBe(400);
      expect(errorOf(response).code, formToken).toBe('form_token_invalid');
    }
    expect(await contactRowsOf(api.database, user.uid)).toEqual([]);
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(101) }],
    ['name', { name: 'Eve\r\nBcc: everyone@example.com' }],
    ['email', { email: 'not an address' }],
    ['email', { email: `${'x'.repeat(320)}@example.com` }],
    ['subject', { subject: '   ' }],
    ['subject', { subject: 'x'.repeat(151) }],
    ['subject', { subject: 'Hi\nBcc: everyone@example.com' }],
    ['message', { message: 'too short' }],
    ['message', { message: 'x'.repeat(5001) }],
    ['language', { language: 'de' }],
    ['formToken', { formToken: undefined }],
    ['website', { website: 42 }],
  ])('refuses a bad %s with 400 invalid_<field> (%j)', async (field, overrides) => {
    const user = await createEmailUser(emulatorHost());

    const response = await send(user, await messageOf(user, overrides));

    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: `invalid_${field}`, field });
    expect(await contactRowsOf(api.database, user.uid)).toEqual([]);
  });

  it('refuses an unknown field with unknown_field', async () => {
    const user = await createEmailUser(emulatorHost());

    const response = await send(user, await messageOf(user, { uid: 'someone-else' }));

    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'unknown_field', field: 'uid' });
  });

  it('refuses a body over 32 KB with 413 payload_too_large', async () => {
    const user = await createEmailUser(emulatorHost());

    const response = await send(
      user,
      await messageOf(user, { message: 'x'.repeat(contactFormRules.bodyLimitBytes) }),
    );

    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('payload_too_large');
  });

  it('takes five messages an hour from a user and refuses the sixth with 429, others unaffected', async () => {
    const [user, other] = await Promise.all([
      createEmailUser(emulatorHost()),
      createEmailUser(emulatorHost()),
    ]);
    const formToken = await typedToken(user);

    for (let sent = 0; sent < contactFormRules.messagesPerUserPerHour; sent += 1) {
      expect((await send(user, await messageOf(user, { formToken }))).statusCode).toBe(201);
    }
    const refused = await send(user, await messageOf(user, { formToken }));

    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('rate_limited');
    expect(await contactRowsOf(api.database, user.uid)).toHaveLength(5);
    expect((await send(other, await messageOf(other))).statusCode).toBe(201);
  });

  it('counts only the last hour: messages older than that no longer count', async () => {
    const user = await createEmailUser(emulatorHost());
    for (let sent = 0; sent < contactFormRules.messagesPerUserPerHour; sent += 1) {
      expect((await send(user, await messageOf(user))).statusCode).toBe(201);
    }
    await api.database.pool.query(
      "update contact_messages set created_at = now() - interval '61 minutes' where uid = $1",
      [user.uid],
    );

    expect((await send(user, await messageOf(user))).statusCode).toBe(201);
  });

  it('does not let concurrent requests slip past the limit', async () => {
    const user = await createEmailUser(emulatorHost());
    const formToken = await typedToken(user);
    const body = await messageOf(user, { formToken });

    const responses = await Promise.all(Array.from({ length: 8 }, () => send(user, body)));

    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await contactRowsOf(api.database, user.uid)).toHaveLength(5);
  });
});

describe('the OpenAPI document', () => {
  it('declares every response of the contact routes', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();

    expect(Object.keys(paths['/api/v1/contact/form-token'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/api/v1/contact/form-token']?.get?.responses ?? {}).sort()).toEqual(
      ['200', '401', '500', '503'].sort(),
    );
    expect(Object.keys(paths['/api/v1/contact']?.post?.responses ?? {}).sort()).toEqual(
      ['201', '400', '401', '413', '415', '429', '500', '503'].sort(),
    );
  });
});

describe('POST /api/v1/contact through the BFF', () => {
  let bff: BffHarness;
  let apiUrl: string;

  beforeAll(async () => {
    apiUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
    bff = await startBff({ upstreamUrl: apiUrl });
  });

  afterAll(async () => {
    await bff?.close();
  });

  async function sessionOf(user: TestUser): Promise<string> {
    return signIn(bff.app, user);
  }

  function sendThroughBff(sessionId: string, payload: string, remoteAddress = '127.0.0.1') {
    return bff.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      remoteAddress,
      headers: {
        ...clientHeaders,
        ...cookieHeader(sessionId),
        'content-type': 'application/json',
      },
      payload,
    });
  }

  it('reaches the API and stores the message', async () => {
    const user = await createEmailUser(emulatorHost());
    const sessionId = await sessionOf(user);

    const response = await sendThroughBff(
      sessionId,
      JSON.stringify(await messageOf(user)),
      '198.51.100.1',
    );

    expect(response.statusCode).toBe(201);
    expect(await contactRowsOf(api.database, user.uid)).toHaveLength(1);
  });

  it.each([
    ['just over the contact limit', contactFormRules.bodyLimitBytes + 1],
    ['a megabyte', 1024 * 1024],
    ['two megabytes', 2 * 1024 * 1024],
  ])('answers a body of %s with 413 payload_too_large as JSON', async (_size, bytes) => {
    const user = await createEmailUser(emulatorHost());
    const sessionId = await sessionOf(user);
    const body = JSON.stringify(await messageOf(user, { message: '' }));
    const padded = body.replace('"message":""', `"message":"${'x'.repeat(bytes - body.length)}"`);
    expect(padded.length).toBe(bytes);

    const response = await sendThroughBff(sessionId, padded, '198.51.100.2');

    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(response).code).toBe('payload_too_large');
    expect(await contactRowsOf(api.database, user.uid)).toEqual([]);
  });

  it('takes ten messages an hour from an address and answers the eleventh with 429 rate_limited', async () => {
    const user = await createEmailUser(emulatorHost());
    const sessionId = await sessionOf(user);
    // Invalid bodies, so that the API's own limit per user (five) never answers first.
    for (let sent = 0; sent < 10; sent += 1) {
      const response = await sendThroughBff(sessionId, '{}', '203.0.113.10');
      expect(response.statusCode).toBe(400);
    }

    const refused = await sendThroughBff(sessionId, '{}', '203.0.113.10');

    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('rate_limited');
    // Another address has its own budget.
    expect((await sendThroughBff(sessionId, '{}', '203.0.113.11')).statusCode).toBe(400);
    // The budget is the contact form's only: reading a token from the same address still works.
    const token = await bff.app.inject({
      method: 'GET',
      url: '/api/v1/contact/form-token',
      remoteAddress: '203.0.113.10',
      headers: cookieHeader(sessionId),
    });
    expect(token.statusCode).toBe(200);
  });

  it('counts every spelling of the path against the same budget', async () => {
    const user = await createEmailUser(emulatorHost());
    const sessionId = await sessionOf(user);
    const spellings = [
      '/api/v1/contact',
      '/api/v1/contact/',
      '/api/v1/%63ontact',
      '/api/v1/contact?x=1',
    ];

    const statuses: number[] = [];
    for (let sent = 0; sent < 11; sent += 1) {
      const response = await bff.app.inject({
        method: 'POST',
        url: spellings[sent % spellings.length]!,
        remoteAddress: '203.0.113.20',
        headers: {
          ...clientHeaders,
          ...cookieHeader(sessionId),
          'content-type': 'application/json',
        },
        payload: '{}',
      });
      statuses.push(response.statusCode);
    }

    // The API refuses each (400, or 404 for the trailing slash); the BFF counts them all the same.
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });
});
