import { ConfigError, loadConfig } from './config.ts';
import { startProduct } from './start-product.ts';

/**
 * Entry point: `npm start` (through scripts/start.mjs) and the production image run this file.
 * SIGINT and SIGTERM stop everything it started, embedded services included.
 */
const log = (line: string) => process.stdout.write(`${line}\n`);

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

  const product = await startProduct(config, log);
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping…`);
    product.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  if (product.bffUrl !== undefined) log(`Ready on ${product.bffUrl}`);
  else log(`API ready on ${product.apiUrl}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Vitrine failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
