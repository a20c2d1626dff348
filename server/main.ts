import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';
import {
  createLogger,
  logDestinationFor,
  logFormatFor,
  type LogDestination,
} from './platform/logger.ts';
import { startProduct } from './start-product.ts';

/**
 * Entry point: `npm start` (through scripts/start.mjs) and the production image run this file.
 * SIGINT, SIGTERM and SIGHUP stop everything it started, embedded services included.
 */

/** Set by the first SIGINT or SIGTERM; from then on the shutdown decides how the process exits. */
let stopping = false;

/**
 * The format of every log line of the process, chosen once (server/platform/logger.ts). The start-up
 * lines ("Ready on …", local mode's notices and mail links, the stop) are printed whatever LOG_LEVEL
 * says: they are how a person, and the scripts that start the product, know where it stands.
 */
async function openLogs(mode: Config['mode']): Promise<{
  destination: LogDestination | undefined;
  startup: Logger;
}> {
  const format = logFormatFor({ mode, stdoutIsTerminal: process.stdout.isTTY === true });
  const destination = await logDestinationFor(format);
  return { destination, startup: createLogger('info', destination) };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, { devServer: process.argv.includes('--dev') });
  } catch (error) {
    if (error instanceof ConfigError) {
      // No configuration yet: production is told by NODE_ENV, as the configuration itself tells it.
      const { startup } = await openLogs(
        process.env.NODE_ENV?.trim() === 'production' ? 'production' : 'local',
      );
      startup.fatal(error.message);
      process.exit(78);
    }
    throw error;
  }
  const { destination, startup } = await openLogs(config.mode);
  const log = (line: string) => startup.info(line);

  // The handlers go in before the start, so that a signal during it (the emulator can take several
  // seconds) still stops what was started instead of killing the process and orphaning it.
  const starting = startProduct(config, log, destination);
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
          startup.error({ err: error }, 'Shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // A closed terminal as well: stopping the embedded services beats leaving them behind.
  process.on('SIGHUP', shutdown);

  let product;
  try {
    product = await starting;
  } catch (error) {
    // A failure after a stop was asked for is the stop's business; it exits on its own.
    if (stopping) return;
    if (await isLocalSetupError(config, error))
      startup.fatal(`Vitrine failed to start: ${(error as Error).message}`);
    else startup.fatal({ err: error }, 'Vitrine failed to start');
    process.exit(1);
  }
  if (stopping) return;
  if (product.bffUrl !== undefined) log(`Ready on ${product.bffUrl}`);
  else log(`API ready on ${product.apiUrl}`);
}

/**
 * Local mode's own sentence of what to do (server/local/local-setup-error.ts), printed alone. The
 * local stand-ins are imported in local mode only, like everywhere else.
 */
async function isLocalSetupError(config: Config, error: unknown): Promise<boolean> {
  if (config.mode !== 'local') return false;
  const { LocalSetupError } = await import('./local/local-setup-error.ts');
  return error instanceof LocalSetupError;
}

main().catch((error: unknown) => {
  // Only a failure before the logs are open (the configuration read, pino-pretty's import) ends here.
  process.stderr.write(
    `Vitrine failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
