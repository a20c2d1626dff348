import type { ActivityEntry, ActivityKind } from '#shared/schemas/activity.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

type KindKey = {
  [Kind in ActivityKind]: Kind extends `${infer Area}.${infer Event}` ? `${Area}-${Event}` : never;
}[ActivityKind];

/** Where an entry leads: the thing it is about, while its store is still connected. */
function linkOf(entry: ActivityEntry): string | null {
  if (entry.kind === 'plan.changed' || entry.kind.startsWith('payment.')) return '/subscription';
  if (!entry.shopConnected || entry.shopId === null) return null;
  const shop = `shop=${encodeURIComponent(entry.shopId)}`;
  switch (entry.kind) {
    case 'store.connected':
    case 'import.finished':
      return '/shops';
    case 'post.published':
    case 'post.scheduled':
    case 'post.failed':
      return entry.details.postId === undefined
        ? `/blog?${shop}`
        : `/blog/editor?${shop}&post=${encodeURIComponent(entry.details.postId)}`;
    case 'store.disconnected':
      return null;
    default:
      return `/seo?${shop}`;
  }
}

/** One event of the timeline: what happened, to which store, who or what did it, and when. */
export function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation('dashboard');
  const errorText = useApiErrorText();
  const locale = i18n.resolvedLanguage ?? 'en';
  const number = new Intl.NumberFormat(locale);
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const { details } = entry;
  const count = details.count ?? 0;
  const scores = (details.scores ?? [])
    .filter((score) => score.score !== null)
    .map((score) =>
      t('activity.score', {
        language: t(`languages.${score.language}`),
        score: number.format(score.score!),
        change:
          score.change === null || score.change === 0 ? '' : ` (${signed.format(score.change)})`,
      }),
    )
    .join(', ');
  // Locale keys hold no dot: `store.connected` is `store-connected` there.
  const what = t(`activity.kinds.${entry.kind.replace('.', '-') as KindKey}`, {
    count,
    number: number.format(count),
    title: details.title || t('blog.untitled'),
    scores,
    plan: details.plan === undefined ? '' : t(`plans.${details.plan}`),
    reason:
      details.errorCode === undefined ? '' : errorText(details.errorCode, t('activity.refused')),
    kept: details.kept === 'shopify' ? t('activity.keptShopify') : t('activity.keptVitrine'),
  });
  const link = linkOf(entry);
  return (
    <li className="activity-entry">
      <p className="activity-what">{link === null ? what : <AppLink to={link}>{what}</AppLink>}</p>
      <p className="form-hint">
        {[
          entry.shopDomain,
          t(`activity.actors.${entry.actor}`),
          dateTime.format(new Date(entry.at)),
        ]
          .filter((part) => part !== null && part !== '')
          .join(' · ')}
      </p>
    </li>
  );
}
