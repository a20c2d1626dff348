import type { PostProblem } from '#shared/blog/post-problems.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/** The first of a field's problems among `codes`, the one its error line says. */
export function problemFor(
  problems: readonly PostProblem[],
  codes: readonly PostProblem['code'][],
): PostProblem | undefined {
  return problems.find((problem) => codes.includes(problem.code));
}

/** What publishing would refuse in a field, in the owner's words, with the limit passed. */
export function ProblemText({ problem }: { problem: PostProblem }) {
  const { t, i18n } = useTranslation('blog');
  const limit =
    problem.limit === undefined
      ? ''
      : new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(problem.limit);
  return <>{t(`problems.${problem.code}`, { limit })}</>;
}
