import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { googleSignInRoutes } from '#server/local/google-sign-in/google-sign-in-routes.ts';
import { createGoogleUser, createEmailUser } from '../support/auth-emulator-users.ts';
import {
  emulatorHost,
  startBff,
  startEchoUpstream,
  type BffHarness,
  type RunningServer,
} from './bff-test-harness.ts';

/**
 * The local stand-in for Google's account chooser (docs/decisions/0009): served by the BFF in local
 * mode only, listing the emulator's Google users, under a policy of its own that allows its script.
 */

let upstream: RunningServer;
let bff: BffHarness;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  bff = await startBff({ upstreamUrl: upstream.url, localRoutes: googleSignInRoutes });
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('GET /local/google-sign-in', () => {
  test("lists the emulator's Google users, and only them, escaped", async () => {
    const googler = await createGoogleUser(emulatorHost(), { name: 'Ada <Lovelace> & "Co"' });
    const emailUser = await createEmailUser(emulatorHost());

    const response = await bff.app.inject({ method: 'GET', url: '/local/google-sign-in' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain(`data-email="${googler.email}"`);
    expect(response.body).toContain('Ada &lt;Lovelace&gt; &amp; &quot;Co&quot;');
    expect(response.body).not.toContain('<Lovelace>');
    expect(response.body).not.toContain(emailUser.email);
  });

  test('offers an accessible form to add a Google account', async () => {
    const response = await bff.app.inject({ method: 'GET', url: '/local/google-sign-in' });

    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toMatch(/<h2 id="add-heading">Add a Google account<\/h2>/);
    expect(response.body).toMatch(
      /<label for="email">E-mail<input id="email" name="email" type="email"/,
    );
    expect(response.body).toMatch(/<label for="name">Name<input id="name" name="name"/);
    expect(response.body).toContain('role="status"');
  });

  test('runs one inline script, which its own policy allows by hash, and nothing else', async () => {
    const page = await bff.app.inject({ method: 'GET', url: '/local/google-sign-in' });
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];

    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]).toBe('');
    const script = scripts[0]![2]!;
    expect(script).toContain("'vitrine:local-google-sign-in'");
    expect(script).toContain('window.opener.postMessage');
    const hash = createHash('sha256').update(script).digest('base64');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`script-src 'sha256-${hash}';`);
    expect(policy).not.toMatch(/'self'|'unsafe-inline'|'strict-dynamic'/);
    // The popup must keep its link to the opener to hand the token back.
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  test('hands out tokens the emulator accepts: a chosen account signs in as the same user', async () => {
    const googler = await createGoogleUser(emulatorHost());
    const page = await bff.app.inject({ method: 'GET', url: '/local/google-sign-in' });
    const button = new RegExp(
      `data-google-id="([^"]+)" data-email="${googler.email.replaceAll('.', '\\.')}"`,
    ).exec(page.body);
    expect(button).not.toBeNull();

    // What the page's script posts to the opener, then what the client's signInWithCredential sends.
    const idToken = JSON.stringify({
      sub: button![1],
      email: googler.email,
      email_verified: true,
      name: 'Google Tester',
    });
    const response = await fetch(
      `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=test-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
          requestUri: 'http://localhost',
          returnSecureToken: true,
        }),
      },
    );
    const body = (await response.json()) as { localId?: string };
    expect(response.ok).toBe(true);
    expect(body.localId).toBe(googler.uid);
  });
});
