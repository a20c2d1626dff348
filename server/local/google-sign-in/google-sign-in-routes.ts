import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { GoogleUser, IdentityProvider } from '#server/platform/identity.ts';
import { escapeHtml } from '#server/platform/plain-page.ts';

/**
 * Local mode only: a stand-in for Google's account chooser, opened as a popup by the client's Google
 * sign-in (docs/decisions/0009). The emulator's own sign-in page and Firebase's popup both load
 * Google's API loader from https://apis.google.com, which is out of reach offline; this page needs
 * nothing but the emulator. It lists the emulator's Google users and lets the developer add one.
 *
 * This module is imported only in local mode and is not part of the production build.
 */
const googleSignInPath = '/local/google-sign-in';

const scriptFile = new URL('./account-chooser.js', import.meta.url);

const style = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 1.5rem; max-width: 28rem; margin-inline: auto; }
  h1 { font-size: 1.35rem; margin: 0 0 .25rem; }
  h2 { font-size: 1rem; margin: 1.5rem 0 .5rem; }
  .note { margin: 0; font-size: .875rem; opacity: .8; }
  .accounts { list-style: none; padding: 0; margin: 0; display: grid; gap: .5rem; }
  .accounts button { width: 100%; text-align: start; padding: .6rem .8rem; border: 1px solid #8888;
    border-radius: .5rem; background: transparent; color: inherit; font: inherit; cursor: pointer; }
  .accounts button:hover, .accounts button:focus-visible { border-color: #1a73e8; }
  .name { display: block; font-weight: 600; }
  .email { display: block; font-size: .875rem; opacity: .8; }
  form { display: grid; gap: .5rem; }
  label { display: grid; gap: .25rem; font-size: .875rem; }
  input { font: inherit; padding: .45rem .6rem; border: 1px solid #8888; border-radius: .4rem; }
  .actions { display: flex; gap: .5rem; margin-top: .5rem; }
  .actions button { font: inherit; padding: .45rem 1rem; border-radius: .4rem; cursor: pointer; }
  .primary { background: #1a73e8; color: #fff; border: 1px solid #1a73e8; }
  .secondary { background: transparent; color: inherit; border: 1px solid #8888; }
  #status:not(:empty) { margin-top: 1rem; padding: .6rem .8rem; border-radius: .4rem; background: #fce8e6; color: #a50e0e; }
`;

function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The page's own policy, narrower than the app's: its inline script and style, by their hashes, and
 * nothing else; it loads nothing, calls nothing and submits no form (the script hands the account to
 * the opener).
 */
function accountChooserPolicy(script: string): string {
  return [
    "default-src 'none'",
    `script-src ${cspHash(script)}`,
    `style-src ${cspHash(style)}`,
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function accountItem(user: GoogleUser): string {
  const name = user.displayName ?? user.email.split('@')[0] ?? user.email;
  return `<li><button type="button" data-google-id="${escapeHtml(user.googleId)}" data-email="${escapeHtml(user.email)}" data-name="${escapeHtml(name)}">
  <span class="name">${escapeHtml(name)}</span><span class="email">${escapeHtml(user.email)}</span>
</button></li>`;
}

function accountChooserHtml(users: readonly GoogleUser[], script: string): string {
  const sorted = [...users].sort((a, b) => a.email.localeCompare(b.email));
  const accounts =
    sorted.length === 0
      ? '<p>No Google account has signed in to the emulator yet.</p>'
      : `<ul class="accounts" aria-labelledby="accounts-heading">${sorted.map(accountItem).join('\n')}</ul>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Choose an account · Google sign-in (local)</title>
<style>${style}</style>
</head>
<body>
<main>
  <h1>Choose an account</h1>
  <p class="note">Local stand-in for Google sign-in: the accounts live in the Firebase Auth Emulator.</p>
  <h2 id="accounts-heading">Google accounts</h2>
  ${accounts}
  <h2 id="add-heading">Add a Google account</h2>
  <form id="add-account" aria-labelledby="add-heading">
    <label for="email">E-mail<input id="email" name="email" type="email" autocomplete="email" required></label>
    <label for="name">Name<input id="name" name="name" type="text" autocomplete="name" maxlength="100"></label>
    <div class="actions">
      <button type="submit" class="primary">Continue</button>
      <button type="button" id="cancel" class="secondary">Cancel</button>
    </div>
  </form>
  <p id="status" role="status" aria-live="polite"></p>
</main>
<script>${script}</script>
</body>
</html>
`;
}

export async function googleSignInRoutes(
  app: FastifyInstance,
  options: { identity: IdentityProvider },
): Promise<void> {
  // Inline, at the end of the body: the app's policy (strict-dynamic) would block a script tag with
  // a src, and this page replaces that policy with its own (accountChooserPolicy).
  const script = await fs.readFile(scriptFile, 'utf8');
  if (/<\/script/i.test(script)) throw new Error('account-chooser.js cannot be inlined');
  const policy = accountChooserPolicy(script);

  app.get(googleSignInPath, async (_request, reply) => {
    const users = await options.identity.listGoogleUsers();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', policy)
      .send(accountChooserHtml(users, script));
  });
}
