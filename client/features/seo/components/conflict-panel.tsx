import { useId, type FormEvent } from 'react';
import * as z from 'zod/mini';
import {
  resolveBodySchema,
  type ChangeView,
  type ResolveBody,
} from '#shared/schemas/seo-changes.ts';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { ValueText } from './value-text.tsx';

/**
 * The answer a conflict's form holds: the `keep` of the button that sent it, read with the
 * contract's schema (null for anything else).
 */
export function resolveBodyOf(entries: Iterable<[string, FormDataEntryValue]>): ResolveBody | null {
  const parsed = z.safeParse(resolveBodySchema, Object.fromEntries(entries));
  return parsed.success ? parsed.data : null;
}

/**
 * A change that found Shopify's value changed since the audit read it: nothing was written. The
 * owner sees their value, Shopify's value now and the one they edited from, and chooses: keep
 * Shopify's, or write theirs over it. Each button sends its own `keep`.
 */
export function ConflictPanel({
  change,
  resolving,
  error,
  onResolve,
}: {
  change: ChangeView;
  resolving: boolean;
  error: unknown;
  onResolve: (keep: ResolveBody['keep']) => void;
}) {
  const { t } = useTranslation('seo');
  const errorText = useApiErrorText();
  const titleId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const body = resolveBodyOf(new FormData(event.currentTarget, submitter));
    if (body !== null && !resolving) onResolve(body.keep);
  }

  return (
    <form className="seo-conflict" aria-labelledby={titleId} onSubmit={onSubmit}>
      <h5 id={titleId}>{t('fixes.conflict.title')}</h5>
      <p>{t('fixes.conflict.text')}</p>
      <dl className="seo-conflict-values">
        <dt>{t('fixes.conflict.yours')}</dt>
        <dd>
          <ValueText value={change.value} lang={change.language} />
        </dd>
        <dt>{t('fixes.conflict.shopify')}</dt>
        <dd>
          <ValueText value={change.shopifyValue} lang={change.language} />
        </dd>
        <dt>{t('fixes.conflict.base')}</dt>
        <dd>
          <ValueText value={change.baseValue} lang={change.language} />
        </dd>
      </dl>
      {error !== null && (
        <p className="form-error" role="alert">
          {errorText(errorCodeOf(error), t('fixes.failed'))}
        </p>
      )}
      <div className="button-row">
        <button
          type="submit"
          name="keep"
          value="shopify"
          className="button button-secondary button-small"
          aria-disabled={resolving || undefined}
        >
          {t('fixes.conflict.keepShopify')}
        </button>
        <button
          type="submit"
          name="keep"
          value="mine"
          className="button button-small"
          aria-disabled={resolving || undefined}
        >
          {t('fixes.conflict.writeMine')}
        </button>
      </div>
      {resolving && (
        <p className="muted" role="status">
          {t('fixes.resolving')}
        </p>
      )}
    </form>
  );
}
