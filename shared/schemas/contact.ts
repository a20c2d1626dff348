import * as z from 'zod/mini';
import { supportedLanguages } from '../constants.ts';

/**
 * The contact form: what the browser posts to `POST /api/v1/contact` and what comes
 * back. The API validates with these schemas; the client takes its types and input limits from them.
 */

/** Length limits of each field, after trimming; the client uses them as its inputs' maxLength too. */
export const contactFieldLimits = {
  name: { min: 1, max: 100 },
  email: { max: 320 },
  subject: { min: 1, max: 150 },
  /** The store the message is about, as the owner names it (optional). */
  store: { min: 1, max: 200 },
  message: { min: 10, max: 5000 },
} as const;

/** The spam defences' numbers, shared so the client can explain them and tests can rely on them. */
export const contactFormRules = {
  /** A form sent sooner than this after its token was issued was filled by a machine. */
  minimumFillTimeMs: 3_000,
  /** A token older than this is refused: the page has been open too long (or the token was kept). */
  tokenLifetimeMs: 2 * 60 * 60 * 1000,
  /** Messages one user may send per rolling hour, counted in the database. */
  messagesPerUserPerHour: 5,
  /** Largest request body the contact route reads. */
  bodyLimitBytes: 32 * 1024,
} as const;

/**
 * Name and subject end up in mail headers (Reply-To, Subject): a line break there could smuggle a
 * header in, so single-line fields refuse control characters outright.
 */
const singleLine = (limits: { min: number; max: number }) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(limits.min),
      z.maxLength(limits.max),
      z.regex(/^[^\p{Cc}]*$/u, 'must be a single line without control characters'),
    );

export const contactMessageBodySchema = z.strictObject({
  name: singleLine(contactFieldLimits.name),
  email: z.email().check(z.maxLength(contactFieldLimits.email.max)),
  subject: singleLine(contactFieldLimits.subject),
  /** Left out when the owner names no store. */
  store: z.optional(singleLine(contactFieldLimits.store)),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(contactFieldLimits.message.min),
      z.maxLength(contactFieldLimits.message.max),
    ),
  language: z.enum(supportedLanguages),
  /** From `GET /api/v1/contact/form-token`, fetched when the form is shown. */
  formToken: z.string().check(z.minLength(1), z.maxLength(200)),
  /**
   * The honeypot: hidden from people, so it stays empty unless a bot fills every field it finds. Any
   * string is accepted, so that a bot which fills it gets the same 201 as anyone else.
   */
  website: z.optional(z.string()),
});
export type ContactMessageBody = z.infer<typeof contactMessageBodySchema>;

export const contactFormTokenResponseSchema = z.object({
  data: z.object({ formToken: z.string() }),
});

export const contactMessageResponseSchema = z.object({
  data: z.object({ messageId: z.uuid() }),
});
