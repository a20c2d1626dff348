import { useState } from 'react';
import type { PostProblem } from '#shared/blog/post-problems.ts';
import type { PostContent } from '#shared/schemas/blog.ts';
import { FormField } from '#client/components/form-field.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { ProblemText, problemFor } from './problem-text.tsx';

/** Tags as the owner types them: separated by commas, blanks and repeats left out. */
function tagsOf(text: string): string[] {
  const tags = text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  return [...new Set(tags)];
}

/**
 * What both languages of a post share: the store's blog it goes to (when the store has several),
 * the featured image (its address; its alt text is per
 * language), the author as the storefront names them, and the tags (Shopify does not translate
 * tags).
 */
export function SharedFields({
  content,
  blogs,
  storeBlogId,
  problems,
  onChange,
}: {
  content: PostContent;
  /** The store's blogs, the first being the one a post goes to unless another is chosen. */
  blogs: ReadonlyArray<{ id: string; title: string }>;
  /** The blog the post is on the store in; null while it is not on the store. */
  storeBlogId: string | null;
  problems: readonly PostProblem[];
  onChange: (change: Partial<Pick<PostContent, 'imageUrl' | 'author' | 'tags' | 'blogId'>>) => void;
}) {
  const { t } = useTranslation('blog');
  // The field keeps what is typed (a trailing comma, a space) while the post keeps the tags.
  const [tagsText, setTagsText] = useState(content.tags.join(', '));
  const imageProblem = problemFor(problems, ['image_url_not_https']);
  return (
    <fieldset className="shared-fields">
      <legend>{t('fields.sharedLegend')}</legend>
      {blogs.length > 1 && (
        <FormField
          label={t('fields.blog')}
          hint={storeBlogId === null ? t('fields.blogHint') : t('fields.blogFixed')}
        >
          {(control) => (
            <select
              {...control}
              value={storeBlogId ?? (content.blogId || blogs[0]!.id)}
              disabled={storeBlogId !== null}
              onChange={(event) => onChange({ blogId: event.target.value })}
            >
              {blogs.map((blog) => (
                <option key={blog.id} value={blog.id}>
                  {blog.title}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField
        label={t('fields.imageUrl')}
        hint={t('fields.imageUrlHint')}
        error={imageProblem === undefined ? undefined : <ProblemText problem={imageProblem} />}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            value={content.imageUrl}
            onChange={(event) => onChange({ imageUrl: event.target.value })}
          />
        )}
      </FormField>
      <FormField label={t('fields.author')}>
        {(control) => (
          <input
            {...control}
            type="text"
            value={content.author}
            autoComplete="name"
            onChange={(event) => onChange({ author: event.target.value })}
          />
        )}
      </FormField>
      <FormField label={t('fields.tags')} hint={t('fields.tagsHint')}>
        {(control) => (
          <input
            {...control}
            type="text"
            value={tagsText}
            onChange={(event) => {
              setTagsText(event.target.value);
              onChange({ tags: tagsOf(event.target.value) });
            }}
          />
        )}
      </FormField>
    </fieldset>
  );
}
