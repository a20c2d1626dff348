/**
 * `npm run bench:blog`: how long the editor's analysis of a post takes at each keystroke.
 *
 * Writes a post of WORDS words (default 3,000) in English and in French: paragraphs of about 70
 * words, a subheading every four paragraphs, images with alt texts, links to the store's products
 * and outbound. Then types a sentence into the middle of each language's body, one character at a
 * time, and at each keystroke runs what the editor runs (shared/blog/post-analysis.ts): the
 * readability checks, the keyphrase checks and the SEO audit's checks of an article, on the
 * language typed in, then on both languages. The first keystrokes warm the JIT up and are not counted.
 *
 * Prints p50, p95 and max per keystroke (goal: p95 ≤ 16 ms, one frame at 60 Hz, for both languages
 * at once). Asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import type { Language } from '#shared/constants.ts';
import type { PostLanguageTexts } from '#shared/blog/keyphrase-checks.ts';
import { analysePostLanguage, type PostDraft } from '#shared/blog/post-analysis.ts';

const wordsPerPost = Number(process.env.WORDS ?? 3000);
const warmUpKeystrokes = 30;
const goalP95Ms = 16;

const log = (line: string) => process.stdout.write(`${line}\n`);

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

function body(language: Language): string {
  const parts: string[] = [];
  let words = 0;
  let paragraph = 0;
  while (words < wordsPerPost) {
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
    words += text.split(/\s+/).length;
    paragraph++;
  }
  return parts.join('');
}

function texts(language: Language): PostLanguageTexts {
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
    bodyHtml: body(language),
    featuredImageAlt: language === 'fr' ? 'Une nappe en lin sur une table' : 'A linen tablecloth',
  };
}

const typed: Record<Language, string> = {
  en: ' Linen wrinkles a little, and that is part of its charm.',
  fr: ' Le lin se froisse un peu, et c’est ce qui fait son charme.',
};

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function summary(label: string, times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 0.95);
  log(
    `  ${label.padEnd(44)} p50 ${percentile(sorted, 0.5).toFixed(2).padStart(6)} ms` +
      `   p95 ${p95.toFixed(2).padStart(6)} ms   max ${sorted.at(-1)!.toFixed(2).padStart(6)} ms`,
  );
  return p95;
}

function main(): void {
  const draft: PostDraft = {
    primaryLanguage: 'en',
    shopName: 'Maison',
    texts: { en: texts('en'), fr: texts('fr') },
    keyphrases: { en: 'linen tablecloth', fr: 'nappe en lin' },
  };
  for (const language of ['en', 'fr'] as const) {
    const analysis = analysePostLanguage(draft, language);
    log(
      `Post in ${language}: ${analysis.readability.words} words, ${analysis.readability.sentences} sentences, ` +
        `${analysis.findings.length} audit findings, reading ease ${analysis.readability.readingEase.score?.toFixed(1)}`,
    );
  }

  const oneLanguage: Record<Language, number[]> = { en: [], fr: [] };
  const bothLanguages: number[] = [];
  for (const language of ['en', 'fr'] as const) {
    const original = draft.texts[language].bodyHtml;
    // Typed at the end of a paragraph in the middle of the body.
    const at = original.indexOf('</p>', Math.floor(original.length / 2));
    const sentence = typed[language];
    for (let keystroke = 1; keystroke <= sentence.length; keystroke++) {
      const bodyHtml = `${original.slice(0, at)}${sentence.slice(0, keystroke)}${original.slice(at)}`;
      draft.texts[language] = { ...draft.texts[language], bodyHtml };
      let started = performance.now();
      analysePostLanguage(draft, language);
      const own = performance.now() - started;
      started = performance.now();
      analysePostLanguage(draft, 'en');
      analysePostLanguage(draft, 'fr');
      const both = performance.now() - started;
      if (keystroke <= warmUpKeystrokes / 2) continue;
      oneLanguage[language].push(own);
      bothLanguages.push(both);
    }
    draft.texts[language] = { ...draft.texts[language], bodyHtml: original };
  }

  log(`Analysis at each keystroke (${bothLanguages.length} keystrokes counted)`);
  summary('English typed, English analysed', oneLanguage.en);
  summary('French typed, French analysed', oneLanguage.fr);
  const p95 = summary('both languages analysed', bothLanguages);
  log(`  goal p95 ≤ ${goalP95Ms} ms for both languages: ${p95 <= goalP95Ms ? 'PASS' : 'MISS'}`);
}

main();
