import { describe, expect, it } from 'vitest';
import { localRuntimeConfig, parseRuntimeConfig } from '#client/lib/runtime-config.ts';
import type { RuntimeConfig } from '#shared/runtime-config.ts';

const served: RuntimeConfig = {
  publicUrl: 'https://vitrine.example',
  errorReporting: {
    dsn: 'https://key@sentry.example/1',
    environment: 'production',
    release: null,
    production: true,
  },
  firebase: { apiKey: 'k', authDomain: 'vitrine.example', projectId: 'vitrine' },
};

describe('parseRuntimeConfig', () => {
  it('reads the block the BFF wrote', () => {
    expect(parseRuntimeConfig(JSON.stringify(served), 'http://localhost:5173')).toEqual(served);
  });

  it('falls back to the local default when the block is absent, empty, not JSON or wrong', () => {
    const local = localRuntimeConfig('http://localhost:5173');
    expect(local).toEqual({
      publicUrl: 'http://localhost:5173',
      errorReporting: null,
      firebase: { apiKey: 'local', authDomain: 'localhost', projectId: 'demo-vitrine' },
    });
    for (const text of [undefined, null, '', '  ', '{oops', '{"publicUrl":1}']) {
      expect(parseRuntimeConfig(text, 'http://localhost:5173')).toEqual(local);
    }
  });
});
