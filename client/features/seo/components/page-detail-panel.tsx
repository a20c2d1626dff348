import { themeTitle } from '#shared/seo/checks/page-title.ts';
import {
  createContext,
  Fragment,
  use,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import type { Language } from '#shared/constants.ts';
import type { ChangeView } from '#shared/schemas/seo-changes.ts';
import type { FindingView, PageDetail } from '#shared/schemas/seo.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { QueryFailed, QueryLoading } from '#client/components/query-state.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { usePageChanges, useUndo, useWriteFollowUp } from '../api/seo-change-queries.ts';
import { usePageDetail } from '../api/seo-queries.ts';
import { glossaryTermsIn } from '../glossary.ts';
import { checkGroups, findingTexts, type CheckGroup } from '../check-texts.ts';
import {
  auditedText,
  editedPageView,
  fieldMeasure,
  fieldOutcome,
  findingFieldOf,
  findingsOfField,
  pageFields,
  targetOf,
} from '../page-fixes.ts';
import { pageListHref } from '../page-list-params.ts';
import { resultDescription, resultTitle, truncateForResult } from '../seo-presentation.ts';
import { useLiveChecks, type LiveChecksState } from '../use-live-checks.ts';
import { useKeptFocus } from '../use-kept-focus.ts';
import { usePageFixes, type PageFixes } from '../use-page-fixes.ts';
import type { SeoFormat } from '../use-seo-format.ts';
import { ChangeHistory, fieldLabel } from './change-history.tsx';
import { FieldEditor, type FieldFindings } from './field-editor.tsx';
import { ScoreFigure } from './score-figure.tsx';
import { SeverityMark } from './severity-mark.tsx';

/**
 * One page's audit, opened over the list from the address (`?page=<gid>`): in each language side
 * by side, its score, how it shows in a search result, the editors of its texts (the preview
 * follows them as the owner types), its address and its findings, each with what is wrong, why it
 * matters and how to fix it; then "Approve all drafts" and the history of its changes. A modal
 * dialog (client/components/dialog.tsx): the browser keeps the focus inside, Escape closes it and
 * gives the focus back to the row that opened it; edits not saved yet are saved as drafts as it
 * closes.
 */
export function PageDetailPanel({
  uid,
  shopId,
  pageId,
  format,
  pageHref = (id) => pageListHref(shopId, { page: id }),
  onClosed,
}: {
  uid: string;
  shopId: string;
  pageId: string;
  format: SeoFormat;
  /** The address of another page's detail (the list's filters kept). */
  pageHref?: (id: string) => string;
  onClosed: () => void;
}) {
  const { t } = useTranslation('seo');
  const saveOnCloseRef = useRef<(() => void) | null>(null);
  // Leaving for another page's detail saves the edits as closing does.
  const pageLink = { hrefOf: pageHref, onFollow: () => saveOnCloseRef.current?.() };
  const detailQuery = usePageDetail(uid, shopId, pageId);
  const detail = detailQuery.data;
  const primary = detail?.languages.find((language) => language.primary) ?? detail?.languages[0];

  return (
    <Dialog
      className="seo-detail"
      title={primary === undefined ? t('detail.title') : primary.title || detail?.handle}
      closeButton
      onClose={() => {
        saveOnCloseRef.current?.();
        onClosed();
      }}
    >
      {detailQuery.isPending && <QueryLoading text={t('detail.loading')} />}
      {detailQuery.isError && (
        <QueryFailed
          error={detailQuery.error}
          fallback={t('detail.loadFailed')}
          retrying={detailQuery.isFetching}
          onRetry={() => void detailQuery.refetch()}
        />
      )}
      {detail !== undefined && (
        <PageLinkContext value={pageLink}>
          <DetailBody
            uid={uid}
            shopId={shopId}
            detail={detail}
            format={format}
            saveOnCloseRef={saveOnCloseRef}
          />
        </PageLinkContext>
      )}
    </Dialog>
  );
}

/** How the detail links to another page's detail, which replaces it. */
const PageLinkContext = createContext<{ hrefOf: (id: string) => string; onFollow: () => void }>({
  hrefOf: (id) => `?page=${encodeURIComponent(id)}`,
  onFollow: () => {},
});

function DetailBody({
  uid,
  shopId,
  detail,
  format,
  saveOnCloseRef,
}: {
  uid: string;
  shopId: string;
  detail: PageDetail;
  format: SeoFormat;
  saveOnCloseRef: RefObject<(() => void) | null>;
}) {
  const { t } = useTranslation('seo');
  const fixes = usePageFixes(uid, shopId, detail);
  const changesQuery = usePageChanges(uid, shopId, detail.id);
  const changes = changesQuery.data?.changes;
  useWriteFollowUp(uid, shopId, changes);
  const [editorFocused, setEditorFocused] = useState(false);
  const edited = pageFields(detail).some(
    ({ language, field }) => fixes.textOf(language, field) !== auditedText(field),
  );
  const live = useLiveChecks(editorFocused || edited);
  const primaryLanguage =
    (detail.languages.find((view) => view.primary) ?? detail.languages[0])?.language ?? 'en';
  const { saveAll } = fixes;
  useEffect(() => {
    saveOnCloseRef.current = saveAll;
  }, [saveOnCloseRef, saveAll]);

  return (
    <>
      <p className="muted">
        {t(`kinds.${detail.kind}`)} · {detail.handle} ·{' '}
        {t('detail.auditedAt', { date: format.dateTime(detail.auditedAt) })}
      </p>
      {pageFields(detail).length > 0 && <p>{t('fixes.intro')}</p>}
      <div className="seo-detail-languages">
        {detail.languages.map((view) => (
          <LanguageDetail
            key={view.language}
            view={view}
            detail={detail}
            primaryLanguage={primaryLanguage}
            fixes={fixes}
            changes={changes}
            live={live}
            format={format}
            onEditorFocus={() => setEditorFocused(true)}
          />
        ))}
      </div>
      <PageActions
        uid={uid}
        shopId={shopId}
        detail={detail}
        fixes={fixes}
        changesQuery={changesQuery}
        format={format}
      />
    </>
  );
}

type LanguageView = PageDetail['languages'][number];

function LanguageDetail({
  view,
  detail,
  primaryLanguage,
  fixes,
  changes,
  live,
  format,
  onEditorFocus,
}: {
  view: LanguageView;
  detail: PageDetail;
  primaryLanguage: Language;
  fixes: PageFixes;
  changes: readonly ChangeView[] | undefined;
  live: LiveChecksState;
  format: SeoFormat;
  onEditorFocus: () => void;
}) {
  const { t } = useTranslation('seo');
  const languageName = format.language(view.language);
  const headingId = useId();
  const editorsId = useId();
  const inputIdOf = (index: number) => `${editorsId}-editor-${index}`;
  // The editors a finding's "Fix it here" opens: those of this language whose text can be written.
  const editors: FindingEditor[] = view.fields.flatMap((field, index) =>
    field.editable
      ? [
          {
            field: findingFieldOf(field),
            inputId: inputIdOf(index),
            label: fieldLabel(t, detail, targetOf(view.language, field), format),
          },
        ]
      : [],
  );
  const { textOf } = fixes;
  const texts = view.fields.map((field) => textOf(view.language, field));
  const languageEdited = view.fields.some((field, index) => texts[index] !== auditedText(field));
  const textsKey = JSON.stringify(texts);
  // The page as the owner's texts make it, and what the checks say of it: worked out again when a
  // text of this language changes, not at every render (the page's changes are polled).
  const editedView = useMemo(() => {
    const edited = JSON.parse(textsKey) as string[];
    return editedPageView(
      detail,
      view.language,
      (_language, field) => edited[view.fields.indexOf(field)] ?? auditedText(field),
    );
  }, [detail, view, textsKey]);
  const liveFindings = useMemo(
    () =>
      live.checks !== null && languageEdited && editedView !== null
        ? live.checks.runLiveChecks(editedView)
        : null,
    [live.checks, languageEdited, editedView],
  );
  const seoTitle = editedView === null ? view.seoTitle : editedView.seoTitle;
  const seoDescription = editedView === null ? view.seoDescription : editedView.seoDescription;
  // As the theme prints it, with the shop's name after the title; a blank search title is unset.
  const renderedTitle = themeTitle(
    seoTitle !== null && seoTitle.trim() !== '' ? seoTitle : view.title,
    detail.shopName,
  );

  const findingsOf = (field: LanguageView['fields'][number]): FieldFindings => {
    const audited = findingsOfField(view.findings, field);
    if (textOf(view.language, field) === auditedText(field)) {
      return { kind: 'checked', findings: audited };
    }
    if (liveFindings !== null) {
      return { kind: 'checked', findings: findingsOfField(liveFindings, field) };
    }
    return live.failed ? { kind: 'unavailable', findings: audited } : { kind: 'checking' };
  };

  return (
    <section className="seo-detail-language" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {languageName}
        {view.primary && <span className="muted"> ({t('overview.primary')})</span>}
      </h3>
      <ScoreFigure score={view.score} label={t('score.pageLabel')} format={format} size="small" />

      <h4>{t('detail.resultTitle')}</h4>
      <div className="seo-serp" lang={view.language}>
        <p className="seo-serp-site">
          {detail.shopName}
          {view.url !== null && <span className="seo-serp-url">{view.url}</span>}
        </p>
        <p className="seo-serp-title">
          {truncateForResult(renderedTitle, resultTitle.maxWidthPx, resultTitle.fontSizePx)}
        </p>
        <p className="seo-serp-description">
          {seoDescription === null || seoDescription.trim() === '' ? (
            <span className="muted" lang={format.locale}>
              {t('detail.noDescription')}
            </span>
          ) : (
            truncateForResult(
              seoDescription,
              resultDescription.maxWidthPx,
              resultDescription.fontSizePx,
            )
          )}
        </p>
      </div>
      {view.url !== null && (
        <p className="seo-detail-url">
          {t('detail.url')}{' '}
          <a href={view.url} target="_blank" rel="noreferrer">
            {view.url}
          </a>
        </p>
      )}

      {view.fields.length > 0 && (
        <>
          <h4>{t('fixes.title')}</h4>
          <div className="seo-fields">
            {view.fields.map((field, index) => {
              const target = targetOf(view.language, field);
              const text = textOf(view.language, field);
              const outcome = fieldOutcome(view.language, field, changes);
              return (
                <FieldEditor
                  key={`${field.field} ${field.targetId}`}
                  language={view.language}
                  primaryLanguage={primaryLanguage}
                  field={field}
                  inputId={inputIdOf(index)}
                  label={fieldLabel(t, detail, target, format)}
                  text={text}
                  dirty={fixes.isDirty(view.language, field)}
                  activity={fixes.activityOf(target)}
                  outcome={outcome}
                  measure={fieldMeasure(field.field, text, editedView)}
                  findings={findingsOf(field)}
                  format={format}
                  onTextChange={(next) => fixes.setText(target, next)}
                  onFocus={onEditorFocus}
                  onSave={() => void fixes.save(target)}
                  onDiscard={() => void fixes.discard(target)}
                  onApprove={() => void fixes.approve(target)}
                  onResolve={(keep) => {
                    if (outcome?.kind === 'conflict') {
                      void fixes.resolve(target, outcome.change.id, keep);
                    }
                  }}
                />
              );
            })}
          </div>
        </>
      )}

      <h4>{t('detail.findingsTitle', { count: view.findings.length })}</h4>
      {view.findings.length === 0 ? (
        <p className="muted">{t('detail.noFindings')}</p>
      ) : (
        <ul className="seo-findings">
          {checkGroups(view.findings).map((group) => (
            <CheckGroupItem
              key={group.checkId}
              group={group}
              editors={editors.filter((editor) =>
                group.findings.some((finding) => finding.field === editor.field),
              )}
              detail={detail}
              format={format}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Approve all drafts of this page": its drafts (and edits not saved yet) in one approval. */
function ApproveAll({ fixes, format }: { fixes: PageFixes; format: SeoFormat }) {
  const { t } = useTranslation('seo');
  const errorText = useApiErrorText();
  const count = fixes.pendingTargets.length;
  if (count === 0 && fixes.approveAllError === null) return null;
  return (
    <div className="seo-approve-all">
      {count > 0 && (
        <>
          <p>{t('fixes.drafts', { count, formatted: format.number(count) })}</p>
          <button
            type="button"
            className="button"
            aria-disabled={fixes.approvingAll || undefined}
            onClick={() => void fixes.approveAll()}
          >
            {t('fixes.approveAll')}
          </button>
        </>
      )}
      {fixes.approveAllError !== null && (
        <p className="form-error" role="alert">
          {errorText(errorCodeOf(fixes.approveAllError), t('fixes.approveAllFailed'))}
        </p>
      )}
    </div>
  );
}

/**
 * "Approve all drafts" and the history of the page's changes, with undo. Their buttons go once
 * used; the keyboard focus then lands on the history's heading.
 */
function PageActions({
  uid,
  shopId,
  detail,
  fixes,
  changesQuery,
  format,
}: {
  uid: string;
  shopId: string;
  detail: PageDetail;
  fixes: PageFixes;
  changesQuery: ReturnType<typeof usePageChanges>;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const titleId = useId();
  const undo = useUndo(uid, shopId);
  const { fallback: headingRef, containerProps } = useKeptFocus<HTMLHeadingElement>();
  return (
    <div {...containerProps}>
      <ApproveAll fixes={fixes} format={format} />
      <section className="seo-history" aria-labelledby={titleId}>
        <h3 id={titleId} ref={headingRef} tabIndex={-1}>
          {t('history.title')}
        </h3>
        {changesQuery.isPending && <QueryLoading text={t('history.loading')} />}
        {changesQuery.isError && (
          <QueryFailed
            error={changesQuery.error}
            fallback={t('history.loadFailed')}
            retrying={changesQuery.isFetching}
            onRetry={() => void changesQuery.refetch()}
          />
        )}
        {changesQuery.data !== undefined && (
          <ChangeHistory
            detail={detail}
            changes={changesQuery.data.changes}
            total={changesQuery.data.total}
            format={format}
            undoing={undo.isPending}
            undoError={undo.error}
            onUndo={(changeId) => undo.mutate({ changeId })}
            onUndoBatch={(batchId) => undo.mutate({ batchId })}
          />
        )}
      </section>
    </div>
  );
}

/**
 * A check found on the page in one language: its name and severity, why it matters and how to fix
 * it said once, then each place it was found (which image, which field, the value read there).
 */
function CheckGroupItem({
  group,
  editors,
  detail,
  format,
}: {
  group: CheckGroup;
  editors: readonly FindingEditor[];
  detail: PageDetail;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const { t: tChecks } = useTranslation('seo-checks');
  const foundId = useId();
  const [first] = group.findings;
  if (first === undefined) return null;
  const texts = findingTexts(tChecks, first, format);
  return (
    <li className={`seo-finding seo-finding-${group.severity}`}>
      <p className="seo-finding-name">
        <SeverityMark severity={group.severity} />
        <strong>{texts.name}</strong>{' '}
        <span className="seo-finding-severity">{t(`severityName.${group.severity}`)}</span>
      </p>
      <dl className="seo-finding-details">
        {texts.why !== '' && (
          <>
            <dt>{t('detail.why')}</dt>
            <dd>{texts.why}</dd>
          </>
        )}
        {(texts.how !== '' || editors.length > 0) && (
          <>
            <dt>{t('detail.how')}</dt>
            <dd>
              {editors.length > 0 && <FixHere editors={editors} />}
              {texts.how !== '' && <p>{texts.how}</p>}
            </dd>
          </>
        )}
      </dl>
      <GlossaryNote
        texts={[
          texts.why,
          texts.how,
          ...group.findings.map((finding) => findingTexts(tChecks, finding, format).what),
        ]}
      />
      <p id={foundId} className="seo-finding-found">
        {t('detail.found', {
          count: group.findings.length,
          formatted: format.number(group.findings.length),
        })}
      </p>
      <ul className="seo-finding-instances" aria-labelledby={foundId}>
        {group.findings.map((finding, index) => (
          <FindingInstance
            key={`${finding.field ?? ''}-${index}`}
            finding={finding}
            detail={detail}
            format={format}
          />
        ))}
      </ul>
    </li>
  );
}

/**
 * "What do these words mean?": the terms of the check's texts an owner may not know (JSON-LD, a
 * theme's .liquid file, canonical, hreflang…), each explained in one sentence, folded until asked.
 */
function GlossaryNote({ texts }: { texts: readonly string[] }) {
  const { t } = useTranslation('seo');
  const terms = glossaryTermsIn(texts);
  if (terms.length === 0) return null;
  return (
    <details className="seo-glossary">
      <summary>{t('glossary.title')}</summary>
      <dl>
        {terms.map((key) => (
          <Fragment key={key}>
            <dt>
              <dfn>{t(`glossary.terms.${key}.term`)}</dfn>
            </dt>
            <dd>{t(`glossary.terms.${key}.meaning`)}</dd>
          </Fragment>
        ))}
      </dl>
    </details>
  );
}

/** An editor of this screen that fixes a finding: the finding's field, its control and its name. */
interface FindingEditor {
  field: string;
  inputId: string;
  label: string;
}

/**
 * "Fix it here": takes the owner to the editor of the field on this same screen (focused, so
 * that typing starts there), before the steps in Shopify's admin. One button per field when the
 * check was found in several (each image's alt text).
 */
function FixHere({ editors }: { editors: readonly FindingEditor[] }) {
  const { t } = useTranslation('seo');
  return (
    <p className="seo-finding-fix">
      {editors.map((editor) => (
        <button
          key={editor.inputId}
          type="button"
          className="button button-secondary button-small"
          aria-controls={editor.inputId}
          onClick={() => document.getElementById(editor.inputId)?.focus()}
        >
          {editors.length === 1
            ? t('detail.fixHere')
            : t('detail.fixFieldHere', { field: editor.label })}
        </button>
      ))}
    </p>
  );
}

/** One place a check found a problem: where, what is wrong there, and the value read. */
function FindingInstance({
  finding,
  detail,
  format,
}: {
  finding: FindingView;
  detail: PageDetail;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const { t: tChecks } = useTranslation('seo-checks');
  const texts = findingTexts(tChecks, finding, format);
  const hasExcerpt = finding.excerpt !== undefined && finding.excerpt !== '';
  return (
    <li className="seo-finding-instance">
      {finding.field !== undefined && (
        <p className="seo-finding-place">
          <strong>{findingPlace(t, detail, finding.language, finding.field, format)}</strong>
        </p>
      )}
      {texts.what !== '' && <p>{texts.what}</p>}
      {finding.samePages !== undefined && finding.samePages.length > 0 && (
        <SamePages finding={finding} samePages={finding.samePages} format={format} />
      )}
      {(hasExcerpt || finding.url !== undefined) && (
        <dl className="seo-finding-details">
          {hasExcerpt && (
            <>
              <dt>{t('detail.excerpt')}</dt>
              <dd>
                <q lang={finding.language}>{finding.excerpt}</q>
              </dd>
            </>
          )}
          {finding.url !== undefined && (
            <>
              <dt>{t('storefront.url')}</dt>
              <dd>{finding.url}</dd>
            </>
          )}
        </dl>
      )}
    </li>
  );
}

/**
 * The other pages that share the value (a duplicate title or meta description), each linking to
 * its own detail; past the first ones the API names, how many more.
 */
function SamePages({
  finding,
  samePages,
  format,
}: {
  finding: FindingView;
  samePages: NonNullable<FindingView['samePages']>;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const { hrefOf, onFollow } = use(PageLinkContext);
  const titleId = useId();
  // The other pages the API counts past those it names; the audit's `measured` may count a page
  // whose result is gone, which no link could reach.
  const more = (finding.samePagesTotal ?? samePages.length) - samePages.length;
  return (
    <div className="seo-same-pages">
      <p id={titleId}>{t('detail.samePages')}</p>
      <ul aria-labelledby={titleId}>
        {samePages.map((page) => (
          <li key={page.id}>
            <AppLink to={hrefOf(page.id)} onClick={onFollow}>
              {page.title.trim() === '' ? page.handle : page.title}
            </AppLink>{' '}
            <span className="muted">({t(`kinds.${page.kind}`)})</span>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="muted">
          {t('detail.samePagesMore', { count: more, formatted: format.number(more) })}
        </p>
      )}
    </div>
  );
}

const knownFields = ['title', 'seoTitle', 'seoDescription', 'body', 'handle'] as const;

/**
 * Where a finding is, in words: `image:<gid>` is the alt text of that image, numbered as the
 * editors number it.
 */
function findingPlace(
  t: ReturnType<typeof useTranslation<'seo'>>['t'],
  detail: PageDetail,
  language: Language,
  field: string,
  format: SeoFormat,
): string {
  if (field.startsWith('image:')) {
    const targetId = field.slice('image:'.length);
    return fieldLabel(t, detail, { field: 'imageAlt', targetId, language }, format);
  }
  const known = knownFields.find((candidate) => candidate === field);
  return known === undefined ? field : t(`fields.${known}`);
}
