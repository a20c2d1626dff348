import { parseArgs } from 'node:util';
import { localStripeAccount } from '#server/config.ts';
import { startLocalStripe } from './local-stripe.ts';

/**
 * The local Stripe in a process of its own, for running the product against one that outlives it
 * (LOCAL_STRIPE_URL):
 *
 *   node --import tsx server/local/stripe/cli.ts --port 3200 --public-url http://localhost:3000
 *
 * Options: --port (default 3200; 0 for any), --public-url <the product's address> (default
 * http://localhost:3000: events go to its /webhooks/stripe). The account is local mode's
 * (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET when set). Prints "Local Stripe on <url>" once it
 * answers; stops on SIGINT/SIGTERM.
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3200' },
    'public-url': { type: 'string', default: 'http://localhost:3000' },
  },
});

const port = Number(values.port);
if (!/^\d{1,5}$/.test(values.port) || port > 65535) {
  console.error(`--port takes a port number, not "${values.port}"`);
  process.exit(2);
}
const publicUrl = values['public-url'].replace(/\/+$/, '');

const stripe = await startLocalStripe({
  port,
  secretKey: process.env.STRIPE_SECRET_KEY ?? localStripeAccount.secretKey,
  webhookEndpoints: [
    {
      url: `${publicUrl}/webhooks/stripe`,
      secret: process.env.STRIPE_WEBHOOK_SECRET ?? localStripeAccount.webhookSecret,
    },
  ],
  log: (line) => console.log(line),
});
console.log(`Local Stripe on ${stripe.url} (events to ${publicUrl}/webhooks/stripe)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stripe.stop().then(() => process.exit(0));
  });
}
