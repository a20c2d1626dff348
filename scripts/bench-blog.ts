/**
 * `npm run bench:blog`: how long the editor's analysis of a post takes at each keystroke.
 *
 * Writes a post of WORDS words (default 3,000) in English and in French (scripts/lib/linen-post.ts):
 * paragraphs of about 70 words, a subheading every four paragraphs, images with alt texts, links to
 * the store's products and outbound. Then types a sentence into the middle of each language's
 * body, one character at a time, and at each keystroke runs what the editor runs
 * (shared/blog/post-analysis.ts): the readability checks, the keyphrase checks and the SEO audit's
 * checks of an article, on the language typed in, then on both languages. The first keystrokes warm
 * the JIT up and are not counted.
 *
 * Prints p50, p95 and max per keystroke (goal: p95 ≤ 16 ms, one frame at 60 Hz, for both languages
 * at once). Asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import type { Language } from '#shared/constants.ts';
import { analysePostLanguage, type PostDraft } from '#shared/blog/post-analysis.ts';
import { linenPostKeyphrases, linenPostTexts } from './lib/linen-post.ts';

const wordsPerPost = Number(process.env.WORDS ?? 3000);
const warmUpKeystrokes = 30;
const goalP95Ms = 16;

const log = (line: string) => process.stdout.write(`${line}\n`);

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
    texts: { en: linenPostTexts('en', wordsPerPost), fr: linenPostTexts('fr', wordsPerPost) },
    keyphrases: linenPostKeyphrases,
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
