import { describe, expect, it } from 'vitest';
import {
  parsePendingRegistration,
  serializePendingRegistration,
  type PendingRegistration,
} from '#client/lib/pending-registration.ts';

const registration: PendingRegistration = {
  name: 'Camille Martin',
  email: 'camille@example.com',
  accountType: 'email',
  language: 'fr',
};

describe('pending registration', () => {
  it('stores the name, e-mail, account type and language, and reads them back', () => {
    const text = serializePendingRegistration(registration);
    expect(JSON.parse(text)).toEqual(registration);
    expect(parsePendingRegistration(text)).toEqual(registration);
  });

  it('keeps the page the sign-up was on its way to, when there is one', () => {
    const onTheWay = { ...registration, redirect: '/shops?connect=maison-exemple.myshopify.com' };
    const text = serializePendingRegistration(onTheWay);
    expect(JSON.parse(text)).toEqual(onTheWay);
    expect(parsePendingRegistration(text)).toEqual(onTheWay);
    expect(JSON.parse(serializePendingRegistration(registration))).not.toHaveProperty('redirect');
  });

  it('never stores a password, even one handed to it', () => {
    const withPassword = { ...registration, password: 'Secret-123!' } as PendingRegistration;
    const text = serializePendingRegistration(withPassword);
    expect(text).not.toContain('Secret-123!');
    expect(text).not.toContain('password');
    // A stored entry with a password (an older client's) is read without it.
    const older = JSON.stringify({ ...registration, password: 'Secret-123!' });
    expect(parsePendingRegistration(older)).toEqual(registration);
  });

  it('ignores entries that are absent, not JSON or not a registration', () => {
    expect(parsePendingRegistration(undefined)).toBeUndefined();
    expect(parsePendingRegistration('{oops')).toBeUndefined();
    expect(parsePendingRegistration('null')).toBeUndefined();
    expect(
      parsePendingRegistration(JSON.stringify({ ...registration, language: 'de' })),
    ).toBeUndefined();
    expect(
      parsePendingRegistration(JSON.stringify({ ...registration, accountType: 'admin' })),
    ).toBeUndefined();
  });
});
