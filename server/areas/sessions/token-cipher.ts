import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts the Firebase tokens a session keeps (AES-256-GCM). The key is derived from SESSION_SECRET
 * with HKDF-SHA256, so the secret itself is never used as a key and other uses of it stay independent.
 *
 * Each value is bound to its place through the additional authenticated data (the session's id hash
 * and the field name): a token copied into another row or another column no longer decrypts.
 *
 * Stored form: `v1.<iv>.<ciphertext>.<tag>`, each part base64url.
 */
export interface TokenCipher {
  encrypt(plaintext: string, boundTo: string): string;
  /** Throws when the value was altered, moved or encrypted under another secret. */
  decrypt(stored: string, boundTo: string): string;
}

const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;
const minimumSecretLength = 32;

export function createTokenCipher(sessionSecret: string): TokenCipher {
  if (sessionSecret.length < minimumSecretLength) {
    throw new Error(`The session secret must be at least ${minimumSecretLength} characters`);
  }
  const key = Buffer.from(
    hkdfSync('sha256', sessionSecret, 'vitrine-session-tokens', `token-cipher ${version}`, 32),
  );

  return {
    encrypt(plaintext, boundTo) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        version,
        iv.toString('base64url'),
        ciphertext.toString('base64url'),
        tag.toString('base64url'),
      ].join('.');
    },
    decrypt(stored, boundTo) {
      const [storedVersion, iv, ciphertext, tag, ...rest] = stored.split('.');
      if (
        storedVersion !== version ||
        iv === undefined ||
        ciphertext === undefined ||
        tag === undefined ||
        rest.length > 0
      ) {
        throw new Error('Unrecognised encrypted token format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: tagBytes,
      });
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
