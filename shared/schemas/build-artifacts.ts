import * as z from 'zod/mini';

/** `{ "scriptSrc": ["sha256-<base64>", …] }`: hashes without the quotes, which the BFF adds. */
export const cspHashesFileSchema = z.strictObject({
  scriptSrc: z.array(
    z
      .string()
      .check(z.regex(/^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/, 'must look like sha256-<base64>')),
  ),
});
export type CspHashesFile = z.infer<typeof cspHashesFileSchema>;
