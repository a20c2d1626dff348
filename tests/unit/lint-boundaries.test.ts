import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of docs/decisions/0011-server-rooms.md hold only as long as lint enforces
 * them: each case lints one import as if a file in that room made it, with the repository's own
 * configuration, and expects the rule's error (or none, for an allowed import).
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/**
 * Linting one import resolves the whole import graph behind it (the cycle rule follows every
 * edge), which takes seconds on a busy machine: more than a unit test's default five.
 */
const lintTimeout = { timeout: 60_000 };

async function importErrors(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, {
    filePath: path.join(root, file),
  });
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2)
    .map((message) => message.ruleId ?? message.message);
}

describe('the server rooms', lintTimeout, () => {
  it.each([
    ['an area', 'server/areas/contact/probe.ts', '../../api/app.ts'],
    ['an area', 'server/areas/account/probe.ts', '../../bff/app.ts'],
    ['an area', 'server/areas/account/probe.ts', '../../start-product.ts'],
    ['a platform adapter', 'server/platform/probe.ts', '../areas/account/index.ts'],
    ['a platform adapter', 'server/platform/probe.ts', '../db/database.ts'],
    ['the database handle', 'server/db/probe.ts', '../areas/account/tables.ts'],
    ['the database handle', 'server/db/probe.ts', '../platform/logger.ts'],
    ['the job queue', 'server/jobs/probe.ts', '../areas/contact/contact-mail-job.ts'],
    ['the shared HTTP code', 'server/http/probe.ts', '../bff/app.ts'],
    ['the API', 'server/api/probe.ts', '../bff/plugins/session.ts'],
    ['the BFF', 'server/bff/probe.ts', '../api/app.ts'],
    ['the BFF', 'server/bff/probe.ts', '../jobs/job-queue.ts'],
    ['the BFF', 'server/bff/probe.ts', '../local/auth-emulator.ts'],
    ['a local stand-in', 'server/local/probe.ts', '../areas/sessions/create-session.ts'],
    ['a local stand-in', 'server/local/probe.ts', '../db/database.ts'],
  ])('refuses %s (%s) importing %s', async (_room, file, specifier) => {
    expect(await importErrors(file, specifier)).toContain('import-x/no-restricted-paths');
  });

  it('refuses an area using another area it has no arrow to', async () => {
    expect(await importErrors('server/areas/contact/probe.ts', '../account/index.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await importErrors('server/areas/sessions/probe.ts', '../contact/index.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('lets an area use another through its index.ts only', async () => {
    expect(
      await importErrors('server/areas/account/probe.ts', '#server/areas/sessions/index.ts'),
    ).toEqual([]);
    for (const specifier of [
      '../sessions/user-data.ts',
      '../sessions/sessions-repository.ts',
      '../contact/tables.ts',
      '#server/areas/contact/user-data.ts',
    ]) {
      expect(await importErrors('server/areas/account/probe.ts', specifier)).toContain(
        'import-x/no-restricted-paths',
      );
    }
  });

  it('lets the edges and the composition root use an area through its index.ts only', async () => {
    for (const [file, specifier] of [
      ['server/api/probe.ts', '#server/areas/seo/index.ts'],
      ['server/bff/probe.ts', '#server/areas/sessions/index.ts'],
      ['server/workers.ts', './areas/catalog/index.ts'],
    ] as const) {
      expect(await importErrors(file, specifier)).toEqual([]);
    }
    for (const [file, specifier] of [
      ['server/api/probe.ts', '../areas/seo/read-seo-page.ts'],
      ['server/bff/probe.ts', '#server/areas/sessions/create-session.ts'],
      ['server/workers.ts', './areas/catalog/catalog-repository.ts'],
    ] as const) {
      expect(await importErrors(file, specifier)).toContain('import-x/no-restricted-paths');
    }
  });

  it('lets each room import what lies beneath it', async () => {
    for (const [file, specifier] of [
      ['server/api/probe.ts', '#server/areas/account/index.ts'],
      ['server/bff/probe.ts', '#server/areas/sessions/index.ts'],
      ['server/areas/contact/probe.ts', '#server/jobs/job-queue.ts'],
      ['server/areas/contact/probe.ts', '#server/platform/mail.ts'],
      ['server/start-product.ts', './local/local-services.ts'],
      ['server/local/probe.ts', '#server/platform/identity.ts'],
      ['server/jobs/probe.ts', '#server/db/database.ts'],
    ] as const) {
      expect(await importErrors(file, specifier)).toEqual([]);
    }
  });
});

describe('the client layers', lintTimeout, () => {
  it.each([
    ['a feature', 'client/features/contact/probe.ts', '../settings/api/account-settings-api.ts'],
    ['a feature', 'client/features/contact/probe.ts', '../../app/router.tsx'],
    ['a shared component', 'client/components/probe.ts', '../features/contact/contact.css'],
    ['the library', 'client/lib/probe.ts', '../components/logo.tsx'],
    ['client code', 'client/lib/probe.ts', '../../server/config.ts'],
    ['client code', 'client/lib/probe.ts', '#server/config.ts'],
    ['a feature', 'client/features/contact/probe.ts', '#client/features/settings/index.ts'],
    ['the library', 'client/lib/probe.ts', '#client/components/logo.tsx'],
    ['shared code', 'shared/probe.ts', '#client/lib/i18n.ts'],
    ['shared code', 'shared/probe.ts', '../client/lib/i18n.ts'],
  ])('refuses %s (%s) importing %s', async (_layer, file, specifier) => {
    expect(await importErrors(file, specifier)).toContain('no-restricted-imports');
  });
});

describe('imports that leave their room', lintTimeout, () => {
  it.each([
    ['server/areas/seo/probe.ts', '../../../shared/errors.ts', '#shared/errors.ts'],
    ['server/api/routes/v1/probe.ts', '../../../db/database.ts', '#server/db/database.ts'],
    ['server/bff/probe.ts', '../areas/sessions/index.ts', '#server/areas/sessions/index.ts'],
    ['client/features/seo/probe.ts', '../../lib/call-api.ts', '#client/lib/call-api.ts'],
    ['tests/unit/probe.ts', '../../shared/plans.ts', '#shared/plans.ts'],
  ])('are refused from %s climbing to %s, and fixed to %s', async (file, specifier, alias) => {
    const [result] = await eslint.lintText(`import '${specifier}';\n`, {
      filePath: path.join(root, file),
    });
    expect(result?.messages.map((message) => message.ruleId)).toContain(
      'vitrine/alias-outside-room',
    );
    const [fixed] = await new ESLint({ cwd: root, fix: true }).lintText(
      `import '${specifier}';\n`,
      { filePath: path.join(root, file) },
    );
    expect(fixed?.output).toBe(`import '${alias}';\n`);
  });

  it.each([
    ['server/areas/seo/probe.ts', './seo-repository.ts'],
    ['server/api/routes/v1/seo/probe.ts', '../../../plugins/authenticate.ts'],
    ['shared/seo/checks/probe.ts', '../../errors.ts'],
    ['server/areas/seo/probe.ts', '#shared/errors.ts'],
  ])('stay relative inside their room (%s importing %s)', async (file, specifier) => {
    expect(await importErrors(file, specifier)).not.toContain('vitrine/alias-outside-room');
  });
});

describe('import cycles', lintTimeout, () => {
  it('are refused', async () => {
    const linter = new ESLint({ cwd: root, ignore: false });
    const [result] = await linter.lintFiles(['tests/fixtures/import-cycle/first.ts']);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  it('are refused between area folders whose files form none', async () => {
    const linter = new ESLint({ cwd: root, ignore: false });
    const [result] = await linter.lintFiles([
      'tests/fixtures/area-cycle/areas/first/use-second.ts',
    ]);
    const rules = result?.messages.map((message) => message.ruleId);
    expect(rules).toContain('vitrine/no-area-cycle');
    expect(rules).not.toContain('import-x/no-cycle');
  });

  it('are refused when an area imports one that reaches back to it', async () => {
    expect(await importErrors('server/areas/shops/probe.ts', '../seo/index.ts')).toContain(
      'vitrine/no-area-cycle',
    );
    expect(await importErrors('server/areas/seo/probe.ts', '#server/areas/shops/index.ts')).toEqual(
      [],
    );
  });

  it.each(['server/areas/account/x.ts', 'server/bff/x.ts', 'client/lib/x.ts', 'client/app/x.tsx'])(
    'are looked for in %s',
    async (file) => {
      const config = (await eslint.calculateConfigForFile(file)) as {
        rules: Record<string, unknown>;
      };
      expect(config.rules['import-x/no-cycle']).toEqual([2, expect.objectContaining({})]);
    },
  );
});
