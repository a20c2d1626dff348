/* global window, document */
/**
 * The script of the local stand-in for Google's account chooser (google-sign-in-routes.ts). Choosing
 * an account hands the opener a Google ID token of the kind the Auth Emulator accepts in
 * signInWithIdp (unsigned JSON claims), then closes the popup, as Google's own popup would.
 */

const messageType = 'vitrine:local-google-sign-in';
const status = document.getElementById('status');

function showStatus(text) {
  status.textContent = text;
}

/**
 * Google's `sub` is a stable number per account; here it is made from the address, so that adding
 * the same address twice signs in to the same emulator user.
 */
async function googleIdOf(email) {
  const bytes = new TextEncoder().encode(email.trim().toLowerCase());
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = Array.from(digest.slice(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `1${BigInt(`0x${hex}`).toString().padStart(20, '0')}`;
}

function choose(account) {
  if (window.opener === null) {
    showStatus(
      'Open this page from the sign-in of Vitrine: it returns the account to that window.',
    );
    return;
  }
  const idToken = JSON.stringify({
    sub: account.googleId,
    email: account.email,
    email_verified: true,
    name: account.name,
  });
  window.opener.postMessage({ type: messageType, idToken }, window.location.origin);
  window.close();
}

const listedAccounts = Array.from(document.querySelectorAll('button[data-google-id]'), (button) => {
  const account = {
    googleId: button.dataset.googleId,
    email: button.dataset.email,
    name: button.dataset.name,
  };
  button.addEventListener('click', () => choose(account));
  return account;
});

document.getElementById('add-account').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const email = form.elements.email.value.trim();
  const name = form.elements.name.value.trim() || email.split('@')[0];
  // An address already listed keeps its account, whatever id it was first given.
  const listed = listedAccounts.find(
    (account) => account.email.toLowerCase() === email.toLowerCase(),
  );
  choose(listed ?? { googleId: await googleIdOf(email), email, name });
});

document.getElementById('cancel').addEventListener('click', () => window.close());

if (window.opener === null) {
  showStatus('This page is meant to open as a popup from the sign-in of Vitrine.');
}
