import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { supportedLanguages, type Language } from '#shared/constants.ts';
import { seoContracts } from '#shared/contracts/seo.ts';
import { containsMarkup } from '#shared/seo/text/markup.ts';
import type { PlanId } from '#shared/plans.ts';
import {
  bulkFields,
  maxPagesPerBulkEdit,
  templatePlaceholders,
  type BulkField,
  type BulkSelection,
  type TemplatePlaceholder,
} from '#shared/schemas/seo-bulk.ts';
import type { Shop } from '#shared/schemas/shops.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { callApi } from '#client/lib/call-api.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import {
  useBulkApproval,
  useBulkPreview,
  type BulkApproval,
  type BulkPreviewRequest,
} from '../api/seo-bulk-queries.ts';
import { pageListKey } from '../api/seo-queries.ts';
import {
  approvalProgressText,
  countsSentence,
  planHasBulkEdits,
  placeholderToken,
  readyValues,
  refusedTemplate,
  storeLanguages,
  templatesToSend,
  unknownPlaceholders,
} from '../bulk-edit.ts';
import type { PageListFilters } from '../page-list-params.ts';
import { useKeptFocus } from '../use-kept-focus.ts';
import type { SeoFormat } from '../use-seo-format.ts';
import { BulkPreviewTable } from './bulk-preview-table.tsx';
import { BulkTemplateEditor } from './bulk-template-editor.tsx';
import { QueryFailed } from '#client/components/query-state.tsx';
import './bulk-edit.css';

/**
 * Bulk edits, opened over the pages list from the address (`?bulk=title` or `?bulk=description`)
 * on the pages its filters choose, in a chunk of its own: the owner writes one template per
 * language with placeholders, previews every value it gives with the checks it would fail, then
 * approves all of them or the pages ticked; the values become drafts and are approved as any
 * change, after which the SEO overview follows their writes and offers undo. A modal dialog
 * (client/components/dialog.tsx), as a page's detail: the browser keeps the focus inside, Escape
 * closes it and gives the focus back; it is held open while an approval sends its chunks.
 * A plan without bulk edits is told which plans have them.
 */
export default function BulkEditPanel({
  uid,
  shop,
  plan,
  field,
  filters,
  format,
  onFieldChange,
  onClosed,
}: {
  uid: string;
  shop: Shop;
  /** The owner's plan, as the stores' list says it. */
  plan: PlanId | undefined;
  field: BulkField;
  filters: PageListFilters;
  format: SeoFormat;
  onFieldChange: (field: BulkField) => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation('seo');
  // While an approval sends its chunks, the dialog stays open: closing it would leave the owner
  // thinking the rest was called off while it goes on.
  const [approving, setApproving] = useState(false);

  return (
    <Dialog
      className="seo-detail seo-bulk"
      title={t('bulk.title')}
      closeButton
      busy={approving}
      busyNote={t('bulk.closeWhileApproving')}
      onClose={onClosed}
    >
      {plan !== undefined && !planHasBulkEdits(plan) ? (
        <PlanExplanation />
      ) : (
        <BulkEditor
          uid={uid}
          shop={shop}
          field={field}
          filters={filters}
          format={format}
          onFieldChange={onFieldChange}
          onApprovingChange={setApproving}
        />
      )}
    </Dialog>
  );
}

function PlanExplanation() {
  const { t } = useTranslation('seo');
  return (
    <div className="notice upgrade-prompt">
      <p>{t('bulk.plan')}</p>
      <p>
        <AppLink className="button" to="/pricing">
          {t('bulk.planLink')}
        </AppLink>
      </p>
    </div>
  );
}

type Templates = Record<Language, string>;

function BulkEditor({
  uid,
  shop,
  field,
  filters,
  format,
  onFieldChange,
  onApprovingChange,
}: {
  uid: string;
  shop: Shop;
  field: BulkField;
  filters: PageListFilters;
  format: SeoFormat;
  onFieldChange: (field: BulkField) => void;
  onApprovingChange: (approving: boolean) => void;
}) {
  const { t } = useTranslation('seo');
  const errorText = useApiErrorText();
  const placeholdersId = useId();
  const fieldLegendId = useId();
  const languages = storeLanguages(shop.locales);
  const [templates, setTemplates] = useState<Templates>({ en: '', fr: '' });
  const [mistakes, setMistakes] = useState<{ language: Language | null; text: string } | null>(
    null,
  );
  const [request, setRequest] = useState<BulkPreviewRequest | null>(null);
  // Back from the preview, the keyboard focus goes to the templates.
  const templatesHeadingRef = useRef<HTMLHeadingElement>(null);
  const backFromPreview = useRef(false);
  const selection: BulkSelection = filters;
  // The first page of the selection, for the example, and how many pages it holds.
  const firstPage = useQuery({
    queryKey: [...pageListKey(uid, shop.id), { ...filters, limit: 1 }],
    queryFn: async () => {
      const query = { ...filters, limit: 1 };
      return (await callApi(seoContracts.listPages, { params: { shopId: shop.id }, query })).data;
    },
  });
  const preview = useBulkPreview(uid, shop.id, request);
  const refused = refusedTemplate(preview.error);
  const planRefused = errorCodeOf(preview.error) === 'plan_feature_unavailable';
  const previewing = request !== null && refused === null && !planRefused;

  const example: Record<TemplatePlaceholder, string> = {
    title: firstPage.data?.pages[0]?.title || t('bulk.exampleTitle'),
    shop: shop.name ?? shop.shopDomain,
    vendor: t('bulk.exampleVendor'),
    type: t('bulk.exampleType'),
  };

  const errorOf = (language: Language): string | null => {
    if (refused?.language === language) {
      if (refused.reason === 'markup')
        return errorText('markup_not_allowed', t('bulk.invalidTemplate'));
      return t(refused.reason === 'template' ? 'bulk.invalidTemplate' : 'bulk.notPublished');
    }
    if (mistakes !== null && mistakes.language === language) return mistakes.text;
    return null;
  };

  const showPreview = () => {
    for (const language of languages) {
      const unknown = unknownPlaceholders(templates[language]);
      if (unknown.length > 0) {
        setMistakes({
          language,
          text: t('bulk.unknownPlaceholders', {
            names: unknown.map((name) => `{${name}}`).join(', '),
          }),
        });
        return;
      }
      // The server's own rule (shared/seo/text/markup.ts): said before a preview is asked for.
      if (containsMarkup(templates[language])) {
        setMistakes({ language, text: errorText('markup_not_allowed', t('bulk.invalidTemplate')) });
        return;
      }
    }
    const sent = templatesToSend(templates, languages);
    if (Object.keys(sent).length === 0) {
      setMistakes({ language: null, text: t('bulk.noTemplate') });
      return;
    }
    setMistakes(null);
    setRequest({ selection, field, templates: sent });
  };

  useEffect(() => {
    if (backFromPreview.current && request === null) {
      backFromPreview.current = false;
      templatesHeadingRef.current?.focus();
    }
  }, [request]);

  if (planRefused) return <PlanExplanation />;

  return (
    <>
      <p>{t('bulk.intro')}</p>
      <SelectionSize query={firstPage} format={format} />
      {previewing ? (
        <BulkPreviewStep
          uid={uid}
          shopId={shop.id}
          request={request}
          preview={preview}
          format={format}
          onBack={() => {
            setRequest(null);
            backFromPreview.current = true;
          }}
          onApprovingChange={onApprovingChange}
        />
      ) : (
        <form
          className="seo-bulk-write"
          onSubmit={(event) => {
            event.preventDefault();
            showPreview();
          }}
        >
          <fieldset className="seo-bulk-fields" aria-labelledby={fieldLegendId}>
            <legend id={fieldLegendId}>{t('bulk.field')}</legend>
            {bulkFields.map((candidate) => (
              <label key={candidate} className="seo-bulk-choice">
                <input
                  type="radio"
                  name="bulk-field"
                  value={candidate}
                  checked={field === candidate}
                  onChange={() => onFieldChange(candidate)}
                />{' '}
                {t(`fields.${candidate}`)}
              </label>
            ))}
          </fieldset>

          <h3>{t('bulk.placeholders')}</h3>
          <p>{t('bulk.placeholdersIntro')}</p>
          <dl className="seo-bulk-placeholder-list">
            {templatePlaceholders.map((name) => (
              <div key={name}>
                <dt>
                  <code>{placeholderToken(name)}</code>
                </dt>
                <dd id={`${placeholdersId}-${name}`}>{t(`bulk.placeholder.${name}`)}</dd>
              </div>
            ))}
          </dl>
          <p className="form-hint">{t('bulk.exampleNote')}</p>

          <h3 ref={templatesHeadingRef} tabIndex={-1}>
            {t('bulk.templates')}
          </h3>
          <div className="seo-detail-languages">
            {languages.map((language) => (
              <section
                key={language}
                className="seo-detail-language"
                aria-label={format.language(language)}
              >
                <h4>{format.language(language)}</h4>
                <BulkTemplateEditor
                  language={language}
                  field={field}
                  template={templates[language]}
                  example={example}
                  error={errorOf(language)}
                  placeholdersId={placeholdersId}
                  format={format}
                  onChange={(template) => {
                    setTemplates((current) => ({ ...current, [language]: template }));
                    // What was said of the template no longer holds once it is edited.
                    if (mistakes !== null) setMistakes(null);
                  }}
                />
              </section>
            ))}
          </div>
          {mistakes !== null && mistakes.language === null && (
            <p className="form-error" role="alert">
              {mistakes.text}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="button">
              {t('bulk.preview')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

function SelectionSize({
  query,
  format,
}: {
  query: { data?: { total: number } | undefined; isPending: boolean };
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  if (query.data === undefined) {
    return query.isPending ? (
      <p className="muted" role="status">
        {t('bulk.selectionLoading')}
      </p>
    ) : null;
  }
  const { total } = query.data;
  if (total === 0) return <p className="notice">{t('bulk.selectionNone')}</p>;
  return (
    <p>
      <strong>{t('bulk.selection', { count: total, formatted: format.number(total) })}</strong>
      {total > maxPagesPerBulkEdit && (
        <> {t('bulk.selectionOver', { max: format.number(maxPagesPerBulkEdit) })}</>
      )}
    </p>
  );
}

function BulkPreviewStep({
  uid,
  shopId,
  request,
  preview,
  format,
  onBack,
  onApprovingChange,
}: {
  uid: string;
  shopId: string;
  request: BulkPreviewRequest;
  preview: ReturnType<typeof useBulkPreview>;
  format: SeoFormat;
  onBack: () => void;
  onApprovingChange: (approving: boolean) => void;
}) {
  const { t } = useTranslation('seo');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // "Show more" goes once every page is shown, and Approve once used: the focus then stays here.
  const { fallback: shownRef, containerProps } = useKeptFocus<HTMLParagraphElement>();
  const [onlyTicked, setOnlyTicked] = useState(false);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const { approval, start, retry } = useBulkApproval(uid, shopId);
  const scopeName = useId();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const slices = preview.data?.pages ?? [];
  const first = slices[0];
  const rows = slices.flatMap((slice) => slice.rows);
  const languages = supportedLanguages.filter(
    (language) => request.templates[language] !== undefined,
  );
  const count =
    first === undefined
      ? 0
      : onlyTicked
        ? readyValues(rows.filter((row) => ticked.has(row.pageId)))
        : first.counts.ready;
  const busy = approval.kind === 'drafting' || approval.kind === 'approving';
  const finished = approval.kind === 'done';

  useEffect(() => onApprovingChange(busy), [busy, onApprovingChange]);

  const approve = () => {
    if (count === 0 || busy || finished) return;
    void start({
      selection: request.selection,
      field: request.field,
      templates: request.templates,
      ...(onlyTicked && {
        pageIds: rows.filter((row) => ticked.has(row.pageId)).map((row) => row.pageId),
      }),
    });
  };

  return (
    <section
      className="seo-bulk-preview"
      aria-labelledby="seo-bulk-preview-title"
      {...containerProps}
    >
      <h3 id="seo-bulk-preview-title" ref={headingRef} tabIndex={-1}>
        {t('bulk.previewTitle')}
      </h3>
      {!finished && (
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onBack();
            }}
          >
            {t('bulk.back')}
          </button>
        </div>
      )}
      {preview.isPending && (
        <p className="muted" role="status">
          {t('bulk.previewing')}
        </p>
      )}
      {preview.isError && rows.length === 0 && (
        <QueryFailed
          error={preview.error}
          fallback={t('bulk.previewFailed')}
          retrying={preview.isFetching}
          onRetry={() => void preview.refetch()}
        />
      )}
      {first !== undefined && (
        <>
          <p className="seo-bulk-counts" role="status">
            {countsSentence(t, first.counts, format)}
          </p>
          {!finished && (
            <fieldset className="seo-bulk-fields">
              <legend>{t('bulk.scope')}</legend>
              {[false, true].map((value) => (
                <label key={String(value)} className="seo-bulk-choice">
                  <input
                    type="radio"
                    name={scopeName}
                    checked={onlyTicked === value}
                    disabled={busy}
                    onChange={() => setOnlyTicked(value)}
                  />{' '}
                  {t(value ? 'bulk.scopeTicked' : 'bulk.scopeAll')}
                </label>
              ))}
            </fieldset>
          )}
          <BulkPreviewTable
            rows={rows}
            languages={languages}
            field={request.field}
            ticked={onlyTicked && !finished ? ticked : null}
            format={format}
            onTick={(pageId, tick) =>
              setTicked((current) => {
                const next = new Set(current);
                if (tick) next.add(pageId);
                else next.delete(pageId);
                return next;
              })
            }
          />
          <p className="muted" ref={shownRef} tabIndex={-1}>
            {t('bulk.shown', {
              count: rows.length,
              shown: format.number(rows.length),
              total: format.number(Math.min(first.total, maxPagesPerBulkEdit)),
            })}
          </p>
          {preview.hasNextPage && (
            <div className="button-row">
              <button
                type="button"
                className="button button-secondary"
                aria-disabled={preview.isFetchingNextPage || undefined}
                onClick={() => {
                  if (!preview.isFetchingNextPage) void preview.fetchNextPage();
                }}
              >
                {preview.isFetchingNextPage ? t('bulk.loadingMore') : t('bulk.showMore')}
              </button>
            </div>
          )}
          {preview.isError && rows.length > 0 && (
            <QueryFailed
              error={preview.error}
              fallback={t('bulk.previewFailed')}
              retrying={preview.isFetching}
              onRetry={() => void preview.fetchNextPage()}
            />
          )}
          {!finished && (
            <div className="seo-bulk-approve">
              <p className="form-hint">{t('bulk.approveNote')}</p>
              <button
                type="button"
                className="button"
                aria-disabled={count === 0 || busy || undefined}
                onClick={approve}
              >
                {count === 0
                  ? t('bulk.approveNone')
                  : t('bulk.approve', { count, formatted: format.number(count) })}
              </button>
            </div>
          )}
          <ApprovalStatus
            approval={approval}
            shopId={shopId}
            format={format}
            onRetry={retry}
            onAgain={approve}
          />
        </>
      )}
    </section>
  );
}

/**
 * What the approval is doing, in a live region: preparing the drafts, approving them (with a
 * progress bar), approved (and where to follow the writes), or what failed and how far it got.
 */
function ApprovalStatus({
  approval,
  shopId,
  format,
  onRetry,
  onAgain,
}: {
  approval: BulkApproval;
  shopId: string;
  format: SeoFormat;
  onRetry: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation('seo');
  const errorText = useApiErrorText();
  const textId = useId();
  return (
    <div className="seo-bulk-approval">
      <div role="status">
        {approval.kind === 'drafting' && <p>{t('bulk.approval.drafting')}</p>}
        {approval.kind === 'approving' && (
          <>
            <progress
              max={approval.total}
              value={approval.done}
              aria-label={t('bulk.approval.progressLabel')}
              aria-describedby={textId}
            />
            <p id={textId}>{approvalProgressText(t, approval, format)}</p>
          </>
        )}
        {approval.kind === 'done' &&
          (approval.approved === 0 ? (
            <p>{t('bulk.approval.nothing')}</p>
          ) : (
            <>
              <p>
                <strong>
                  {t('bulk.approval.done', {
                    count: approval.approved,
                    formatted: format.number(approval.approved),
                  })}
                </strong>
              </p>
              <p>{t('bulk.approval.follow')}</p>
              <p>
                <AppLink className="button" to={`/seo?shop=${encodeURIComponent(shopId)}`}>
                  {t('bulk.approval.followLink')}
                </AppLink>
              </p>
            </>
          ))}
      </div>
      {approval.kind === 'failed' && (
        <div className="form-error" role="alert">
          <p>{errorText(errorCodeOf(approval.error), t('bulk.approval.failed'))}</p>
          {approval.approved > 0 && (
            <p>
              {t('bulk.approval.partial', {
                count: approval.approved,
                formatted: format.number(approval.approved),
              })}
            </p>
          )}
          <div className="button-row">
            <button
              type="button"
              className="button button-secondary"
              onClick={approval.remaining.length > 0 ? onRetry : onAgain}
            >
              {approval.remaining.length > 0 ? t('bulk.approval.retry') : t('bulk.approval.again')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
