import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AuthFlowError,
  authErrorMessageKey,
  authErrorMessageKeyOf,
  errorCodeOf,
  knownErrorKeys,
} from '#client/lib/auth-errors.ts';

type Catalogue = { errors: Record<string, string>; fallback: Record<string, string> };
const catalogue = (language: string): Catalogue =>
  JSON.parse(
    readFileSync(new URL(`../../client/locales/${language}/auth.json`, import.meta.url), 'utf8'),
  ) as Catalogue;
// The French messages are the product's words, word for word, written with French typography's
// apostrophe (’), which tests/unit/locales-french-typography.test.ts holds every French text to.
const french = catalogue('fr');
const english = catalogue('en');

/** The text a key names in a catalogue (`errors.x` or `fallback.y`). */
function text(messages: Catalogue, key: string): string | undefined {
  const [group, name] = key.split('.') as ['errors' | 'fallback', string];
  return messages[group][name];
}

const frenchOf = (code: string, context: Parameters<typeof authErrorMessageKey>[1]) =>
  text(french, authErrorMessageKey(code, context));

describe('auth error messages', () => {
  it('gives the login errors their French text word for word, by provider code', () => {
    expect(frenchOf('auth/user-not-found', 'login')).toBe(
      'Aucun compte trouvé avec cette adresse email',
    );
    expect(frenchOf('auth/wrong-password', 'login')).toBe('Mot de passe incorrect');
    expect(frenchOf('auth/invalid-email', 'login')).toBe('Adresse email invalide');
    expect(frenchOf('auth/user-disabled', 'login')).toBe('Ce compte a été désactivé');
    expect(frenchOf('auth/too-many-requests', 'login')).toBe(
      'Trop de tentatives de connexion. Veuillez réessayer plus tard',
    );
    expect(frenchOf('auth/network-request-failed', 'login')).toBe(
      'Erreur de connexion. Vérifiez votre connexion internet',
    );
    expect(frenchOf('auth/some-new-code', 'login')).toBe(
      'Erreur lors de la connexion. Veuillez vérifier vos identifiants',
    );
    // The provider will not say which of the two was wrong: "other".
    expect(frenchOf('auth/invalid-credential', 'login')).toBe(
      'Erreur lors de la connexion. Veuillez vérifier vos identifiants',
    );
  });

  it('gives the Google errors their French text word for word', () => {
    expect(frenchOf('auth/popup-closed-by-user', 'google')).toBe(
      'Connexion annulée par l’utilisateur',
    );
    expect(frenchOf('auth/popup-blocked', 'google')).toBe(
      'Popup bloqué par le navigateur. Veuillez autoriser les popups et réessayer.',
    );
    expect(frenchOf('auth/cancelled-popup-request', 'google')).toBe('Demande de connexion annulée');
    expect(frenchOf('auth/account-exists-with-different-credential', 'google')).toBe(
      'Un compte existe déjà avec cette adresse email',
    );
    expect(frenchOf('auth/network-request-failed', 'google')).toBe(
      'Erreur de connexion. Vérifiez votre connexion internet',
    );
    expect(frenchOf('auth/internal-error', 'google')).toBe(
      'Erreur lors de la connexion Google. Veuillez réessayer',
    );
  });

  it('falls back to the flow’s own message', () => {
    const fallbacks = {
      signup: 'Erreur lors de l’inscription',
      'verification-email': 'Échec de l’envoi de l’email de vérification',
      verify: 'Échec de la vérification de l’email',
      'resend-verification': 'Erreur lors de l’envoi de l’email de vérification',
      profile: 'Erreur lors de la mise à jour du profil',
      'account-fetch': 'Erreur lors de la récupération du compte',
      'account-update': 'Erreur lors de la mise à jour du compte',
      'password-reset': 'Erreur lors de l’envoi de l’email de réinitialisation',
      'account-deletion': 'Erreur lors de la suppression du compte',
      finalize: 'Erreur lors de la finalisation de l’inscription',
    } as const;
    for (const [context, message] of Object.entries(fallbacks)) {
      expect(frenchOf('unknown', context as keyof typeof fallbacks), context).toBe(message);
    }
    expect(french.fallback.userNotFound).toBe('Aucun utilisateur trouvé');
    // The sign-up's e-mail that could not be sent reads as its own fallback, whatever the flow.
    expect(frenchOf('verification_email_failed', 'signup')).toBe(
      'Échec de l’envoi de l’email de vérification',
    );
  });

  it('has a message for every handled provider code, in both languages', () => {
    for (const code of [
      'unauthorized-domain',
      'popup-blocked',
      'web-storage-unsupported',
      'popup-closed-by-user',
      'password-does-not-meet-requirements',
      'email-already-in-use',
      'weak-password',
      'user-mismatch',
      'account-exists-with-different-credential',
      'cancelled-popup-request',
    ]) {
      const key = authErrorMessageKey(`auth/${code}`, 'signup');
      expect(key).toBe(`errors.${code}`);
      expect(text(english, key), code).toBeTruthy();
      expect(text(french, key), code).toBeTruthy();
    }
    for (const key of knownErrorKeys) {
      expect(english.errors[key], key).toBeTruthy();
      expect(french.errors[key], key).toBeTruthy();
    }
  });

  it('reads the BFF and API codes as the same messages', () => {
    expect(authErrorMessageKey('network_error', 'login')).toBe('errors.network-request-failed');
    expect(authErrorMessageKey('user_mismatch', 'account-deletion')).toBe('errors.user-mismatch');
    expect(authErrorMessageKey('recent_login_required', 'account-deletion')).toBe(
      'errors.recent-login-required',
    );
    expect(authErrorMessageKey('rate_limited', 'resend-verification')).toBe('errors.rate-limited');
    expect(authErrorMessageKey('request_timeout', 'login')).toBe('errors.network-request-failed');
    expect(authErrorMessageKey('headers_too_large', 'profile')).toBe('errors.headers-too-large');
    expect(authErrorMessageKey('internal_error', 'finalize')).toBe('fallback.registrationFinalize');
  });

  it('takes the code of whatever a flow threw', () => {
    expect(errorCodeOf(new AuthFlowError('auth/user-mismatch'))).toBe('auth/user-mismatch');
    expect(errorCodeOf({ code: 'auth/popup-blocked', message: 'x' })).toBe('auth/popup-blocked');
    expect(errorCodeOf(new Error('boom'))).toBe('unknown');
    expect(errorCodeOf('text')).toBe('unknown');
    expect(authErrorMessageKeyOf(new Error('boom'), 'google')).toBe('fallback.google');
  });
});
