import { describe, expect, it } from 'vitest';
import { formatStoreTime, instantToStoreTime, storeTimeToInstant } from '#client/lib/store-time.ts';

describe('a scheduled time in the store’s time zone', () => {
  it('names the moment of that wall-clock time where the store is', () => {
    expect(storeTimeToInstant('2026-12-01T09:00', 'Europe/Paris')?.toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(storeTimeToInstant('2026-07-01T09:00', 'Europe/Paris')?.toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
    expect(storeTimeToInstant('2026-12-01T09:00', 'America/Montreal')?.toISOString()).toBe(
      '2026-12-01T14:00:00.000Z',
    );
    expect(storeTimeToInstant('2026-12-01T09:00', 'UTC')?.toISOString()).toBe(
      '2026-12-01T09:00:00.000Z',
    );
  });

  it('reads a time the clocks skip or repeat as the owner would expect', () => {
    // Paris springs forward at 02:00 on 29 March 2026: 02:30 does not exist, and is read with
    // the winter offset (03:30 summer time).
    expect(storeTimeToInstant('2026-03-29T02:30', 'Europe/Paris')?.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // It falls back at 03:00 on 25 October 2026: 02:30 happens twice, the first is meant.
    expect(storeTimeToInstant('2026-10-25T02:30', 'Europe/Paris')?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('goes back to the same wall-clock time', () => {
    const at = new Date('2026-12-01T08:00:00Z');
    expect(instantToStoreTime(at, 'Europe/Paris')).toBe('2026-12-01T09:00');
    expect(instantToStoreTime(at, 'Asia/Tokyo')).toBe('2026-12-01T17:00');
  });

  it('refuses what is not a date and time', () => {
    expect(storeTimeToInstant('tomorrow', 'Europe/Paris')).toBeNull();
    expect(storeTimeToInstant('', 'Europe/Paris')).toBeNull();
  });
});

describe('a time shown to the owner', () => {
  it('is written in the store’s time zone, with the zone named', () => {
    const at = new Date('2026-12-01T08:00:00Z');
    expect(formatStoreTime(at, 'Europe/Paris', 'en')).toMatch(/Dec 1, 2026.*09:00.*GMT\+1/);
    expect(formatStoreTime(at, 'Europe/Paris', 'fr')).toMatch(/1 déc\. 2026.*09:00.*UTC\+1/);
  });
});
