/**
 * The post the blog's benchmarks write (bench-blog.ts, bench-blog-publish.ts): a guide to linen
 * tablecloths in English and in French, of about `words` words in each language. Paragraphs of about
 * 70 words, a subheading every four paragraphs, images with alt texts, links to the store's
 * products and outbound. The same words every time: the figures of two runs compare.
 */
import type { Language } from '#shared/constants.ts';
import type { PostLanguageTexts } from '#shared/blog/keyphrase-checks.ts';

const sentencesOf: Record<Language, string[]> = {
  en: [
    'Washed linen grows softer with every wash, and it keeps its colour for years.',
    'However, a tablecloth needs a little care before its first dinner.',
    'We weave each piece in a small workshop in the north of Portugal.',
    'The flax is grown in Normandy, where the climate suits it best.',
    'A linen napkin dries fast in the sun and needs no ironing at all.',
    'For example, a round table of six looks best with a cloth of 180 centimetres.',
    'Each set is folded by hand and shipped in recycled paper.',
  ],
  fr: [
    'Le lin lavé s’adoucit à chaque lavage, et il garde sa couleur pendant des années.',
    'Cependant, une nappe demande un peu d’attention avant son premier dîner.',
    'Nous tissons chaque pièce dans un petit atelier du nord du Portugal.',
    'Le lin est cultivé en Normandie, où le climat lui convient le mieux.',
    'Une serviette en lin sèche vite au soleil et n’a pas besoin d’être repassée.',
    'Par exemple, une table ronde de six couverts se pare d’une nappe de 180 centimètres.',
    'Chaque lot est plié à la main et expédié dans du papier recyclé.',
  ],
};

const headingsOf: Record<Language, string[]> = {
  en: ['Choosing a linen tablecloth', 'Washing and drying', 'Sizes and shapes', 'Our workshop'],
  fr: ['Choisir une nappe en lin', 'Laver et sécher', 'Tailles et formes', 'Notre atelier'],
};

/** The body's HTML in `language`, of at least `words` words. */
export function linenPostBody(language: Language, words: number): string {
  const parts: string[] = [];
  let written = 0;
  let paragraph = 0;
  while (written < words) {
    if (paragraph > 0 && paragraph % 4 === 0) {
      parts.push(`<h2>${headingsOf[language][(paragraph / 4) % 4]}</h2>`);
    }
    const sentences = Array.from(
      { length: 5 },
      (_, index) => sentencesOf[language][(paragraph + index) % 7]!,
    );
    const link =
      paragraph % 3 === 0
        ? ` <a href="/${language === 'fr' ? 'fr/' : ''}products/linen-napkin-${paragraph}">${language === 'fr' ? 'nos serviettes' : 'our napkins'}</a>.`
        : paragraph % 5 === 0
          ? ` <a href="https://www.example.org/flax">${language === 'fr' ? 'le lin' : 'flax'}</a>.`
          : '';
    const image =
      paragraph % 6 === 0
        ? `<img src="https://cdn.example/linen-${paragraph}.jpg" alt="${language === 'fr' ? 'Nappe en lin lavé' : 'Washed linen tablecloth'}">`
        : '';
    const text = `${sentences.join(' ')}${link}`;
    parts.push(`<p>${text}</p>${image}`);
    written += text.split(/\s+/).length;
    paragraph++;
  }
  return parts.join('');
}

/** The post's texts in `language`, as the editor's analysis takes them. */
export function linenPostTexts(language: Language, words: number): PostLanguageTexts {
  return {
    title: language === 'fr' ? 'Bien choisir sa nappe en lin' : 'How to choose a linen tablecloth',
    seoTitle:
      language === 'fr'
        ? 'Nappe en lin : le guide | Maison'
        : 'Linen tablecloth: the guide | Maison',
    seoDescription:
      language === 'fr'
        ? 'Comment choisir une nappe en lin lavé, la laver, la sécher et la garder belle pendant des années.'
        : 'How to choose a washed linen tablecloth, wash it, dry it and keep it beautiful for years.',
    handle: language === 'fr' ? 'choisir-nappe-en-lin' : 'choose-linen-tablecloth',
    bodyHtml: linenPostBody(language, words),
    featuredImageAlt: language === 'fr' ? 'Une nappe en lin sur une table' : 'A linen tablecloth',
  };
}

/** The keyphrase of each language. */
export const linenPostKeyphrases: Record<Language, string> = {
  en: 'linen tablecloth',
  fr: 'nappe en lin',
};
