import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts the tokens the product keeps at rest (AES-256-GCM): the Firebase tokens of a session, the
 * Shopify tokens of a connected store. The key is derived from a server secret with HKDF-SHA256 under
 * a purpose of its own, so the secret itself is never used as a key and each use stays independent:
 * a value encrypted for one purpose does not decrypt under another.
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

/** What a key is for; the HKDF salt. Sessions' value predates the others and must not change. */
export const tokenPurposes = {
  sessionTokens: 'vitrine-session-tokens',
  shopTokens: 'vitrine-shop-tokens',
} as const;

export type TokenPurpose = (typeof tokenPurposes)[keyof typeof tokenPurposes];

export function createTokenCipher(secret: string, purpose: TokenPurpose): TokenCipher {
  if (secret.length < minimumSecretLength) {
    throw new Error(`The secret must be at least ${minimumSecretLength} characters`);
  }
  const key = Buffer.from(hkdfSync('sha256', secret, purpose, `token-cipher ${version}`, 32));

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
