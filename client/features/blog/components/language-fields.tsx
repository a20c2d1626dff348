import type { Language } from '#shared/constants.ts';
import { handleFromTitle } from '#shared/blog/handle.ts';
import { postLimits, type PostProblem } from '#shared/blog/post-problems.ts';
import type { PostLanguageContent } from '#shared/schemas/blog.ts';
import { Button } from '#client/components/button.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useHandleTaken } from '../api/blog-queries.ts';
import { summaryHtmlOf, summaryTextOf } from '../summary-text.ts';
import { ProblemText, problemFor } from './problem-text.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

/**
 * One language of a post: its title, handle, body, summary, search title and description, the
 * featured image's alt text, and the focus keyphrase of the SEO panel. Each field says what
 * publishing would refuse in it as the owner types (shared/blog/post-problems.ts), and keeps the
 * text all the same; the handle, too, when another article of the blog already answers at it
 * (server/areas/blog/post-handles.ts).
 */
export function LanguageFields({
  uid,
  shopId,
  postId,
  blogId,
  language,
  primary,
  texts,
  problems,
  highlights,
  onChange,
}: {
  uid: string;
  shopId: string;
  postId: string;
  /** The blog the post goes to, as the editor has it (blank: the post's own, or the first). */
  blogId: string;
  language: Language;
  primary: boolean;
  texts: PostLanguageContent;
  problems: readonly PostProblem[];
  /** Passages of the body a readability check flags, marked as the owner asked. */
  highlights: readonly string[];
  onChange: (change: Partial<PostLanguageContent>) => void;
}) {
  const { t } = useTranslation('blog');
  // Inside the labels' sentences: “Title in English”, « Titre en anglais ».
  const languageName = t(`languagesInSentence.${language}`);
  const problem = (...codes: PostProblem['code'][]) => {
    const found = problemFor(problems, codes);
    return found === undefined ? undefined : <ProblemText problem={found} />;
  };
  const handleTaken = useHandleTaken(uid, shopId, postId, {
    language,
    handle: texts.handle.trim() === '' ? handleFromTitle(texts.title) : texts.handle,
    blogId,
  });
  const counted = (text: string, limit: number) =>
    t('fields.count', { count: [...text].length, limit });

  return (
    <div className="language-fields" lang={language}>
      <FormField
        label={t('fields.title', { language: languageName })}
        required={primary}
        hint={primary ? undefined : t('fields.translationHint')}
        error={problem('title_missing', 'title_too_long')}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={texts.title}
            onChange={(event) => onChange({ title: event.target.value })}
          />
        )}
      </FormField>
      <FormField
        label={t('fields.handle', { language: languageName })}
        hint={texts.handleEdited ? t('fields.handleOwn') : t('fields.handleFromTitle')}
        error={
          problem('handle_invalid', 'handle_too_long') ??
          (handleTaken ? t('fields.handleTaken') : undefined)
        }
      >
        {(control) => (
          <div className="field-with-action">
            <input
              {...control}
              type="text"
              value={texts.handle}
              spellCheck={false}
              onChange={(event) => onChange({ handle: event.target.value, handleEdited: true })}
            />
            {texts.handleEdited && (
              <Button
                type="button"
                variant="secondary"
                size="small"
                onClick={() =>
                  onChange({ handle: handleFromTitle(texts.title), handleEdited: false })
                }
              >
                {t('fields.handleReset')}
              </Button>
            )}
          </div>
        )}
      </FormField>
      <div className="form-field">
        <p className="form-label" id={`body-label-${language}`}>
          {t('fields.body', { language: languageName })}
        </p>
        <RichTextEditor
          label={t('fields.body', { language: languageName })}
          html={texts.bodyHtml}
          scope={{ uid, shopId, language }}
          highlights={highlights}
          onChange={(bodyHtml) => onChange({ bodyHtml })}
        />
        {problem('body_too_long')}
      </div>
      <FormField
        label={t('fields.summary', { language: languageName })}
        hint={t('fields.summaryHint')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            defaultValue={summaryTextOf(texts.summaryHtml)}
            onChange={(event) => onChange({ summaryHtml: summaryHtmlOf(event.target.value) })}
          />
        )}
      </FormField>
      <FormField
        label={t('fields.keyphrase', { language: languageName })}
        hint={t('fields.keyphraseHint')}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={texts.keyphrase}
            onChange={(event) => onChange({ keyphrase: event.target.value })}
          />
        )}
      </FormField>
      <FormField
        label={t('fields.seoTitle', { language: languageName })}
        hint={`${t('fields.seoTitleHint')} ${counted(texts.seoTitle, postLimits.seoTitleMaxLength)}`}
        error={problem('seo_title_too_long')}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={texts.seoTitle}
            onChange={(event) => onChange({ seoTitle: event.target.value })}
          />
        )}
      </FormField>
      <FormField
        label={t('fields.seoDescription', { language: languageName })}
        hint={`${t('fields.seoDescriptionHint')} ${counted(texts.seoDescription, postLimits.seoDescriptionMaxLength)}`}
        error={problem('seo_description_too_long')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={texts.seoDescription}
            onChange={(event) => onChange({ seoDescription: event.target.value })}
          />
        )}
      </FormField>
      <FormField
        label={t('fields.imageAlt', { language: languageName })}
        hint={t('fields.imageAltHint')}
        error={problem('image_alt_too_long')}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={texts.imageAlt}
            onChange={(event) => onChange({ imageAlt: event.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}
