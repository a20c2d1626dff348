import * as z from 'zod/mini';
import { supportedLanguages } from '../constants.ts';
import { draftBounds } from './blog.ts';

/**
 * The editor's question as the owner types a post's handle (server/areas/blog/post-handles.ts):
 * does another article of the blog, or another post on its way to the store, already answer at
 * this address in this language? Publishing refuses such a handle (`handle_taken`); a draft
 * keeps it.
 */
export const handleCheckQuerySchema = z.object({
  language: z.enum(supportedLanguages),
  /** The handle as it would be published: the one typed, or the one made from the title. */
  handle: z.string().check(z.maxLength(draftBounds.shortText)),
  /** The blog the post goes to (its global id) as the editor has it; blank for the post's own. */
  blogId: z.optional(z.string().check(z.maxLength(draftBounds.shortText))),
});
export type HandleCheckQuery = z.infer<typeof handleCheckQuerySchema>;

export const handleCheckSchema = z.object({
  /** Whether another article of the blog answers at the handle in that language. */
  taken: z.boolean(),
});
export type HandleCheck = z.infer<typeof handleCheckSchema>;

export const handleCheckResponseSchema = z.object({ data: handleCheckSchema });
