import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each area defines its tables; the shared signing keys live with the database handle.
  schema: ['./server/areas/*/tables.ts', './server/db/signing-keys.ts'],
  out: './server/db/migrations',
});
