import { describe, expect, test } from 'vitest';
import { createTokenCipher, tokenPurposes } from '#server/platform/token-cipher.ts';

const secret = 'a-session-secret-of-at-least-32-characters';

describe('token cipher', () => {
  test('decrypts what it encrypted, and never stores the plaintext', () => {
    const cipher = createTokenCipher(secret, tokenPurposes.sessionTokens);
    const stored = cipher.encrypt('refresh-token-value', 'hash:refresh_token');

    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('refresh-token-value');
    expect(cipher.decrypt(stored, 'hash:refresh_token')).toBe('refresh-token-value');
  });

  test('encrypting twice gives different values (random IV)', () => {
    const cipher = createTokenCipher(secret, tokenPurposes.sessionTokens);

    expect(cipher.encrypt('same', 'x')).not.toBe(cipher.encrypt('same', 'x'));
  });

  test('refuses a value moved to another row or column', () => {
    const cipher = createTokenCipher(secret, tokenPurposes.sessionTokens);
    const stored = cipher.encrypt('token', 'row-a:id_token');

    expect(() => cipher.decrypt(stored, 'row-b:id_token')).toThrow();
    expect(() => cipher.decrypt(stored, 'row-a:refresh_token')).toThrow();
  });

  test('refuses a value encrypted under another secret', () => {
    const stored = createTokenCipher(secret, tokenPurposes.sessionTokens).encrypt('token', 'x');

    expect(() =>
      createTokenCipher(`${secret}-rotated`, tokenPurposes.sessionTokens).decrypt(stored, 'x'),
    ).toThrow();
  });

  test('refuses a value encrypted for another purpose under the same secret', () => {
    const stored = createTokenCipher(secret, tokenPurposes.shopTokens).encrypt('token', 'x');

    expect(() =>
      createTokenCipher(secret, tokenPurposes.sessionTokens).decrypt(stored, 'x'),
    ).toThrow();
  });

  test('refuses an altered value', () => {
    const cipher = createTokenCipher(secret, tokenPurposes.sessionTokens);
    const [version, iv, ciphertext, tag] = cipher.encrypt('token', 'x').split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;

    expect(() =>
      cipher.decrypt([version, iv, flipped.toString('base64url'), tag].join('.'), 'x'),
    ).toThrow();
    expect(() => cipher.decrypt('not-a-token', 'x')).toThrow();
  });

  test('refuses a secret shorter than 32 characters', () => {
    expect(() => createTokenCipher('too-short', tokenPurposes.sessionTokens)).toThrow(
      /at least 32/,
    );
  });
});
