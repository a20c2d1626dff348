import { ConfigError, loadConfig } from './config.ts';
import { startProduct } from './start-product.ts';

/**
 * Entry point: `npm start` (through scripts/start.mjs) and the production image run this file.
 * SIGINT, SIGTERM and SIGHUP stop everything it started, embedded services included.
 */
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Set by the first SIGINT or SIGTERM; from then on the shutdown decides how the process exits. */
let stopping = false;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { devServer: process.argv.includes('--dev') });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }

  // The handlers go in before the start, so that a signal during it (the emulator can take several
  // seconds) still stops what was started instead of killing the process and orphaning it.
  const starting = startProduct(config, log);
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping…`);
    starting
      // A start that failed has already stopped what it had started.
      .then(
        (product) => product.stop(),
        () => undefined,
      )
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`Shutdown failed: ${String(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // A closed terminal as well: stopping the embedded services beats leaving them behind.
  process.on('SIGHUP', shutdown);

  const product = await starting;
  if (stopping) return;
  if (product.bffUrl !== undefined) log(`Ready on ${product.bffUrl}`);
  else log(`API ready on ${product.apiUrl}`);
}

/**
 * Local mode's own sentence of what to do (server/local/local-setup-error.ts) is printed alone. The
 * local stand-ins are imported in local mode only, like everywhere else.
 */
async function isLocalSetupError(error: unknown): Promise<boolean> {
  if (process.env.NODE_ENV?.trim() === 'production') return false;
  const { LocalSetupError } = await import('./local/local-setup-error.ts');
  return error instanceof LocalSetupError;
}

main().catch(async (error: unknown) => {
  // A failure after a stop was asked for is the stop's business; it exits on its own.
  if (stopping) return;
  const described = (await isLocalSetupError(error))
    ? (error as Error).message
    : error instanceof Error
      ? (error.stack ?? error.message)
      : String(error);
  process.stderr.write(`Vitrine failed to start: ${described}\n`);
  process.exit(1);
});
