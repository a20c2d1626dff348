import type { Language } from '#shared/constants.ts';
import { plans } from '#shared/plans.ts';
import type { Dashboard, DashboardStore } from '#shared/schemas/dashboard.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { formatStoreTime } from '#client/lib/store-time.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { ScoreTrend } from './score-trend.tsx';

/**
 * The chosen store summed up, each section leading to the screen where its work is done: scores and
 * their trend, the actions that gain the most, translation debt, changes, blog, plan usage and sync.
 */

type CheckT = (key: string, options?: Record<string, unknown>) => string;

function useFormats() {
  const { i18n } = useTranslation('dashboard');
  const locale = i18n.resolvedLanguage ?? 'en';
  return {
    locale,
    number: new Intl.NumberFormat(locale),
    signed: new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' }),
    dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
  };
}

const storeQuery = (shopId: string) => `shop=${encodeURIComponent(shopId)}`;

export function ScoresSection({ store }: { store: DashboardStore }) {
  const { t } = useTranslation('dashboard');
  const { number, signed } = useFormats();
  return (
    <section className="card" aria-labelledby="scores-title">
      <h2 id="scores-title">{t('scores.title')}</h2>
      {store.languages.length === 0 ? (
        <p>{t('scores.none')}</p>
      ) : (
        <ul className="dashboard-scores">
          {store.languages.map((language) => {
            const name = t(`languages.${language.language}`);
            return (
              <li key={language.language}>
                <p className="dashboard-score-name">{name}</p>
                <p className="dashboard-score">
                  {language.score === null
                    ? t('scores.notAudited')
                    : t('scores.value', { score: number.format(language.score) })}
                </p>
                <p className="form-hint">
                  {language.change === null
                    ? t('scores.firstAudit')
                    : language.change === 0
                      ? t('scores.unchanged')
                      : t('scores.change', { change: signed.format(language.change) })}
                </p>
                <ScoreTrend
                  points={language.trend}
                  label={t('scores.trendLabel', { language: name })}
                />
              </li>
            );
          })}
        </ul>
      )}
      {store.auditing && <p role="status">{t('scores.auditing')}</p>}
      <p>
        <AppLink to={`/seo?${storeQuery(store.shopId)}`}>{t('scores.seoLink')}</AppLink>
      </p>
    </section>
  );
}

export function FixNextSection({ store }: { store: DashboardStore }) {
  const { t } = useTranslation('dashboard');
  const { t: tChecks } = useTranslation('seo-checks');
  const checks = tChecks as unknown as CheckT;
  const { number } = useFormats();
  const inLanguage = (language: Language) => t(`inLanguage.${language}`);
  return (
    <section className="card" aria-labelledby="fix-next-title">
      <h2 id="fix-next-title">{t('fixNext.title')}</h2>
      {store.fixNext.length === 0 ? (
        <p>{t('fixNext.none')}</p>
      ) : (
        <ol className="dashboard-fix-next">
          {store.fixNext.map((action) => (
            <li key={`${action.checkId}-${action.language}`}>
              <AppLink
                to={`/seo/pages?${storeQuery(store.shopId)}&check=${encodeURIComponent(
                  action.checkId,
                )}&language=${action.language}`}
              >
                {checks(`${action.checkId}.action`, {
                  count: action.pages,
                  pages: number.format(action.pages),
                  inLanguage: inLanguage(action.language),
                })}
              </AppLink>{' '}
              <span className="form-hint">{t(`fixNext.severity.${action.severity}`)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function TranslationDebtSection({ store }: { store: DashboardStore }) {
  const { t } = useTranslation('dashboard');
  const { number } = useFormats();
  const debt = store.translationDebt;
  if (debt === null) return null;
  const kinds = debt.kinds.filter((kind) => kind.fields > 0);
  return (
    <section className="card" aria-labelledby="translation-debt-title">
      <h2 id="translation-debt-title">
        {t('debt.title', { language: t(`languages.${debt.language}`) })}
      </h2>
      {kinds.length === 0 ? (
        <p>{t('debt.none')}</p>
      ) : (
        <table className="dashboard-table">
          <thead>
            <tr>
              <th scope="col">{t('debt.kind')}</th>
              <th scope="col">{t('debt.missing')}</th>
              <th scope="col">{t('debt.outdated')}</th>
              <th scope="col">{t('debt.sameAsSource')}</th>
            </tr>
          </thead>
          <tbody>
            {kinds.map((kind) => (
              <tr key={kind.kind}>
                <th scope="row">{t(`kinds.${kind.kind}`)}</th>
                <td>{number.format(kind.missing)}</td>
                <td>{number.format(kind.outdated)}</td>
                <td>{number.format(kind.sameAsSource)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function ChangesSection({ store }: { store: DashboardStore }) {
  const { t } = useTranslation('dashboard');
  const errorText = useApiErrorText();
  const { number } = useFormats();
  const { changes } = store;
  const counts = [
    { id: 'drafts', count: changes.drafts },
    { id: 'writing', count: changes.writing },
    { id: 'conflicts', count: changes.conflicts },
    { id: 'recentUndos', count: changes.recentUndos },
  ] as const;
  return (
    <section className="card" aria-labelledby="changes-title">
      <h2 id="changes-title">{t('changes.title')}</h2>
      <ul className="dashboard-counts">
        {counts.map((entry) => (
          <li key={entry.id}>
            {t(`changes.${entry.id}`, { count: entry.count, number: number.format(entry.count) })}
          </li>
        ))}
      </ul>
      {changes.failures.length > 0 && (
        <>
          <h3>{t('changes.failuresTitle')}</h3>
          <ul className="dashboard-failures">
            {changes.failures.map((failure) => (
              <li key={failure.errorCode}>
                {t('changes.failure', {
                  count: failure.count,
                  number: number.format(failure.count),
                  reason: errorText(failure.errorCode, t('changes.unknownReason')),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <AppLink to={`/seo?${storeQuery(store.shopId)}`}>{t('changes.link')}</AppLink>
      </p>
    </section>
  );
}

export function BlogSection({ store }: { store: DashboardStore }) {
  const { t } = useTranslation('dashboard');
  const { number, locale } = useFormats();
  const { blog } = store;
  const editor = (postId: string) =>
    `/blog/editor?${storeQuery(store.shopId)}&post=${encodeURIComponent(postId)}`;
  const titleOf = (title: string) => title || t('blog.untitled');
  return (
    <section className="card" aria-labelledby="blog-title">
      <h2 id="blog-title">{t('blog.title')}</h2>
      <p>{t('blog.drafts', { count: blog.drafts, number: number.format(blog.drafts) })}</p>
      {blog.scheduled.length > 0 && (
        <>
          <h3>{t('blog.scheduledTitle')}</h3>
          <ul>
            {blog.scheduled.map((post) => (
              <li key={post.id}>
                <AppLink to={editor(post.id)}>{titleOf(post.title)}</AppLink>{' '}
                {post.publishAt !== null &&
                  t('blog.scheduledFor', {
                    at: formatStoreTime(new Date(post.publishAt), blog.timeZone, locale),
                  })}
              </li>
            ))}
          </ul>
        </>
      )}
      {blog.recent.length > 0 && (
        <>
          <h3>{t('blog.recentTitle')}</h3>
          <ul>
            {blog.recent.map((post) => (
              <li key={post.id}>
                <AppLink to={editor(post.id)}>{titleOf(post.title)}</AppLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {blog.brokenLinks.length > 0 && (
        <>
          <h3>{t('blog.brokenTitle')}</h3>
          <ul>
            {blog.brokenLinks.map((post) => (
              <li key={post.id}>
                <AppLink to={editor(post.id)}>{titleOf(post.title)}</AppLink>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <AppLink to={`/blog?${storeQuery(store.shopId)}`}>{t('blog.link')}</AppLink>
      </p>
    </section>
  );
}

export function UsageSection({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('dashboard');
  // What the plan lifting a limit allows, in the upgrade prompt's words (client/components).
  const { t: common } = useTranslation();
  const liftText = ({ limit, plan }: Dashboard['nearLimits'][number]) => {
    if (plan === null) return common(`upgradePrompt.noPlanLifts.${limit}`);
    const planName = common(`upgradePrompt.plans.${plan}`);
    const allowed = plans.find((candidate) => candidate.id === plan)!.limits[limit];
    return allowed === null
      ? common(`upgradePrompt.liftsWithoutLimit.${limit}`, { plan: planName })
      : common(`upgradePrompt.lifts.${limit}`, { plan: planName, count: allowed });
  };
  const { number, date } = useFormats();
  const { usage } = dashboard;
  const line = (id: 'stores' | 'pagesAudited' | 'postsThisMonth') => {
    const { used, limit } = usage[id];
    return limit === null
      ? t(`usage.${id}Unlimited`, { used: number.format(used) })
      : t(`usage.${id}`, { used: number.format(used), limit: number.format(limit) });
  };
  return (
    <section className="card" aria-labelledby="usage-title">
      <h2 id="usage-title">{t('usage.title', { plan: t(`plans.${dashboard.plan}`) })}</h2>
      <ul className="dashboard-counts">
        <li>{line('stores')}</li>
        <li>{line('pagesAudited')}</li>
        <li>
          {line('postsThisMonth')}{' '}
          {usage.monthResetsOn !== null &&
            t('usage.resetsOn', {
              date: date.format(new Date(`${usage.monthResetsOn}T00:00:00Z`)),
            })}
        </li>
      </ul>
      {dashboard.nearLimits.length > 0 && (
        <p>
          {[t('usage.near'), ...dashboard.nearLimits.map(liftText)].join(' ')}{' '}
          <AppLink to="/pricing">{t('usage.plansLink')}</AppLink>
        </p>
      )}
    </section>
  );
}

export function SyncSection({ store }: { store: DashboardStore }) {
  const { t } = useTranslation('dashboard');
  const errorText = useApiErrorText();
  const { number, dateTime } = useFormats();
  const { sync } = store;
  return (
    <section className="card" aria-labelledby="sync-title">
      <h2 id="sync-title">{t('sync.title', { name: store.name })}</h2>
      <p role="status">
        {sync.state === 'importing'
          ? sync.progress?.percent !== null && sync.progress !== null
            ? t('sync.importingPercent', { percent: number.format(sync.progress.percent ?? 0) })
            : t('sync.importing')
          : t(`sync.states.${sync.state}`)}
      </p>
      {sync.errorCode !== null && <p>{errorText(sync.errorCode, t('sync.unknownReason'))}</p>}
      {sync.paused && <p>{t('sync.paused')}</p>}
      <p className="form-hint">
        {sync.lastSyncedAt === null
          ? t('sync.neverSynced')
          : t('sync.lastSynced', { when: dateTime.format(new Date(sync.lastSyncedAt)) })}
      </p>
      <p>
        <AppLink to="/shops">{t('sync.shopsLink')}</AppLink>
      </p>
    </section>
  );
}
