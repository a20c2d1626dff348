import { rememberedByWord } from '../seo/text/remembered-by-word.ts';

/**
 * A written word in the form the blog's checks compare words in: lowercase, accents dropped, œ and
 * æ written out, one apostrophe ('). A post's words repeat, and the editor analyses the post at
 * every keystroke, so the answers are kept by word.
 */
export const foldedWord: (written: string) => string = rememberedByWord((written) =>
  written
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/['’ʼ‘`´]/g, "'"),
);

/**
 * A post's text split into its paragraphs (the blocks the editor joins with a blank line).
 * Sentences never run across them, so the checks can count each paragraph once and keep its
 * answer while the owner types in another.
 */
export function paragraphsOf(text: string): string[] {
  return text.split(/\n[^\S\n]*\n\s*/).filter((paragraph) => paragraph.trim() !== '');
}
