import type { Severity } from '#shared/seo/check.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * A severity's mark: a shape of its own (a circle with a cross, a triangle, an "i") as well as a
 * colour, so that it reads without colour; named for a screen reader unless `decorative`.
 */
export function SeverityMark({
  severity,
  decorative = true,
}: {
  severity: Severity;
  decorative?: boolean;
}) {
  const { t } = useTranslation('seo');
  const paths: Record<Severity, string> = {
    error: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 9l6 6M15 9l-6 6',
    warning: 'M12 3 2.5 20h19zM12 10v4M12 17v.5',
    info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v6M12 7.5V8',
  };
  return (
    <svg
      className={`seo-severity-mark seo-severity-${severity}`}
      viewBox="0 0 24 24"
      width="18"
      height="18"
      {...(decorative
        ? { 'aria-hidden': true }
        : { role: 'img', 'aria-label': t(`severityName.${severity}`) })}
    >
      <path
        d={paths[severity]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
