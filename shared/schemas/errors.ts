import * as z from 'zod/mini';

/** The one error shape of every server (see ErrorBody in shared/errors.ts), as a response schema. */
export const errorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.optional(z.string()) }),
});
