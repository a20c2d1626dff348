import { useId, useState, type FormEvent } from 'react';
import { supportedLanguages, type Language } from '#shared/constants.ts';
import type { BlogSettings, PublicationView } from '#shared/schemas/blog.ts';
import { Button } from '#client/components/button.tsx';
import {
  reachedLimitOf,
  UpgradePrompt,
  type ReachedLimit,
} from '#client/components/upgrade-prompt.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { formatStoreTime, instantToStoreTime, storeTimeToInstant } from '#client/lib/store-time.ts';
import { UnsavedText } from '../use-post-autosave.ts';

/** The language whose handle publishing found taken (`field`: `fr.handle`), if it said. */
function takenHandleLanguage(failure: unknown): Language | null {
  const field = failure instanceof ApiError ? failure.field : undefined;
  const language = field?.endsWith('.handle') === true ? field.slice(0, -'.handle'.length) : '';
  return (supportedLanguages as readonly string[]).includes(language)
    ? (language as Language)
    : null;
}

/** Whether `at` is still to come: a schedule in the past is refused before it is sent. */
function isAhead(at: Date): boolean {
  return at.getTime() > Date.now();
}

/**
 * Where the post stands on the store and what the owner can do about it: publish now, schedule for
 * a date and time in the store's time zone, update what the store shows, hide it. Each language's
 * state after the last publication; how many posts the plan still allows this month, and past the
 * limit the plan that allows more (the draft still saves). Shopify's refusals and the store's
 * conflicts are said in the owner's words.
 */
export function PublishPanel({
  publication,
  settings,
  revision,
  languages,
  canPublish,
  onPublish,
  onUnpublish,
}: {
  publication: PublicationView;
  settings: BlogSettings | undefined;
  revision: number;
  languages: readonly Language[];
  /** False while the post has something Shopify would refuse: the fields say what. */
  canPublish: boolean;
  onPublish: (publishAt: Date | null) => Promise<unknown>;
  onUnpublish: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('blog');
  const errorText = useApiErrorText();
  const id = useId();
  const locale = i18n.resolvedLanguage ?? 'en';
  const timeZone = settings?.timeZone ?? 'UTC';
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState(() =>
    instantToStoreTime(new Date(Date.now() + 3_600_000), timeZone),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [limit, setLimit] = useState<ReachedLimit | null>(null);

  const onStore = publication.articleId !== null;
  const queued = publication.state === 'queued';
  const unpublishedWork =
    publication.publishedRevision !== null && revision > publication.publishedRevision;

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    setLimit(null);
    try {
      await action();
      setScheduling(false);
    } catch (failure) {
      if (failure instanceof UnsavedText) {
        setError(t('publish.unsaved'));
        return;
      }
      const reached = reachedLimitOf(failure);
      if (reached !== null) setLimit(reached);
      else setError(publishErrorText(errorCodeOf(failure), takenHandleLanguage(failure)));
    } finally {
      setBusy(false);
    }
  }

  /** A refusal's words: the blog's own for what publishing meets, the app's for the rest. */
  function publishErrorText(code: string, handleLanguage: Language | null = null): string {
    if (code === 'post_not_publishable') return t('publish.notPublishable');
    if (code === 'handle_taken' && handleLanguage !== null) {
      return t('publish.errors.handleTakenIn', {
        language: t(`languagesInSentence.${handleLanguage}`),
      });
    }
    const own = `publish.errors.${code}`;
    return i18n.exists(own, { ns: 'blog' })
      ? t(own as 'publish.errors.handle_taken')
      : errorText(code, t('publish.failed'));
  }

  function schedule(event: FormEvent) {
    event.preventDefault();
    const at = storeTimeToInstant(when, timeZone);
    if (at === null || !isAhead(at)) {
      setError(t('publish.errors.publish_date_past'));
      return;
    }
    void run(() => onPublish(at));
  }

  const left =
    settings === undefined || settings.postsPerMonth === null
      ? null
      : Math.max(0, settings.postsPerMonth - settings.postsThisMonth);

  return (
    <section className="publish-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('publish.title')}</h3>
      <p className={`publication-state publication-${publication.state}`} role="status">
        {stateText()}
      </p>
      {onStore && (
        <ul className="publication-languages">
          {languages.map((language) => (
            <li key={language}>
              {t(`publish.language.${publication.languages[language]}`, {
                language: t(`languages.${language}`),
              })}
            </li>
          ))}
        </ul>
      )}
      {publication.state === 'failed' && publication.errorCode !== null && (
        <p className="form-error">{publishErrorText(publication.errorCode)}</p>
      )}
      {!onStore && left !== null && (
        <p className="form-hint">
          {t('publish.left', { count: left, left, limit: settings?.postsPerMonth })}
        </p>
      )}
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {limit !== null && <UpgradePrompt reached={limit} role="alert" />}
      {!canPublish && <p className="form-hint">{t('publish.fixFirst')}</p>}
      <div className="button-row">
        <Button
          type="button"
          disabled={busy || queued || !canPublish || publication.state === 'conflict'}
          onClick={() => void run(() => onPublish(null))}
        >
          {onStore ? t('publish.update') : t('publish.now')}
        </Button>
        {!onStore || publication.state === 'scheduled' || publication.state === 'unpublished' ? (
          <Button
            type="button"
            variant="secondary"
            disabled={busy || queued || !canPublish}
            aria-expanded={scheduling}
            onClick={() => setScheduling(!scheduling)}
          >
            {t('publish.schedule')}
          </Button>
        ) : null}
        {onStore && (publication.state === 'published' || publication.state === 'scheduled') && (
          <Button
            type="button"
            variant="secondary"
            disabled={busy || queued}
            onClick={() => void run(onUnpublish)}
          >
            {t('publish.unpublish')}
          </Button>
        )}
      </div>
      {scheduling && (
        <form className="schedule-form" onSubmit={schedule}>
          <label htmlFor={`${id}-when`}>{t('publish.when')}</label>
          <input
            id={`${id}-when`}
            type="datetime-local"
            value={when}
            aria-describedby={`${id}-zone`}
            onChange={(event) => setWhen(event.target.value)}
          />
          <p id={`${id}-zone`} className="form-hint">
            {t('publish.zone', { zone: timeZone })}
          </p>
          <Button type="submit" disabled={busy}>
            {t('publish.scheduleConfirm')}
          </Button>
        </form>
      )}
    </section>
  );

  function stateText(): string {
    const at =
      publication.publishAt === null
        ? ''
        : formatStoreTime(new Date(publication.publishAt), timeZone, locale);
    switch (publication.state) {
      case 'draft':
        return t('publish.state.draft');
      case 'queued':
        return t('publish.state.queued');
      case 'published':
        return unpublishedWork
          ? t('publish.state.publishedChanged', { at })
          : t('publish.state.published', { at });
      case 'scheduled':
        return t('publish.state.scheduled', { at });
      case 'unpublished':
        return t('publish.state.unpublished');
      case 'conflict':
        return t('publish.state.conflict');
      case 'failed':
        return t('publish.state.failed');
    }
  }
}
