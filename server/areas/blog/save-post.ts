import { AppError } from '#shared/errors.ts';
import {
  emptyPostContent,
  type PostContent,
  type PostView,
  type SavePostBody,
} from '#shared/schemas/blog.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import { accountNames } from '#server/areas/account/index.ts';
import { cleanPostBody } from './post-body.ts';
import { postFiguring, type FigurePost } from './post-figures.ts';
import * as postsRepository from './posts-repository.ts';
import { presentPost } from './present-post.ts';

/**
 * How versions are kept: saves from the same editor within `momentSeconds` of a version's start
 * carry that version forward (a version is a moment of the writing, not a keystroke); the `kept`
 * newest versions of a post are kept.
 */
export const postVersioning = { momentSeconds: 5 * 60, kept: 30 } as const;

export function postNotFound(): AppError {
  return new AppError('post_not_found', 404, { message: 'No such post on this store' });
}

/**
 * The post with its bodies cleaned as Shopify will receive them (post-body.ts): what the editor
 * sent is stored clean, whatever sent it.
 */
function cleaned(content: PostContent): PostContent {
  const language = (texts: PostContent['languages']['en']) => ({
    ...texts,
    bodyHtml: cleanPostBody(texts.bodyHtml),
    summaryHtml: cleanPostBody(texts.summaryHtml),
  });
  return {
    ...content,
    languages: { en: language(content.languages.en), fr: language(content.languages.fr) },
  };
}

/** A new draft: what the owner typed first, or an empty post signed with the owner's name. */
export async function createPost(
  db: Database,
  shopId: string,
  uid: string,
  content: PostContent | undefined,
): Promise<PostView> {
  const first = cleaned(
    content ?? emptyPostContent((await accountNames(db, [uid])).get(uid) ?? ''),
  );
  const figure = await postFiguring(db, shopId);
  const row = await db.transaction(async (tx) => {
    const post = await postsRepository.insertPost(tx, {
      shopId,
      content: first,
      figures: figure(first),
      uid,
    });
    await postsRepository.insertVersion(tx, {
      postId: post.id,
      revision: post.revision,
      content: post.content,
      uid,
      editorId: null,
    });
    return post;
  });
  return presentPost(db, row);
}

/**
 * Writes a new revision of the post, if the one the owner edited from is still the latest: a save
 * from another tab or device in between is not overwritten (409 `post_changed_elsewhere`; the
 * client then offers to load that save or to keep its own, which it saves on top of it).
 */
async function writeRevision(
  tx: Queryable,
  post: postsRepository.StoredPost,
  uid: string,
  content: PostContent,
  /** The editor saving; null for a restore, which always makes a version of its own. */
  editorId: string | null,
  figure: FigurePost,
): Promise<postsRepository.StoredPost> {
  const revision = post.revision + 1;
  const saved = await postsRepository.updatePost(tx, post.id, {
    revision,
    content,
    figures: figure(content),
    uid,
  });
  const newest = await postsRepository.newestVersion(tx, post.id);
  const sameMoment =
    editorId !== null &&
    newest !== undefined &&
    newest.revision === post.revision &&
    newest.savedBy === uid &&
    newest.editorId === editorId &&
    (await postsRepository.versionStillOpen(
      tx,
      post.id,
      newest.revision,
      postVersioning.momentSeconds,
    ));
  if (sameMoment) {
    await postsRepository.extendVersion(tx, {
      postId: post.id,
      fromRevision: newest.revision,
      revision,
      content,
    });
  } else {
    await postsRepository.insertVersion(tx, { postId: post.id, revision, content, uid, editorId });
    await postsRepository.pruneVersions(tx, post.id, postVersioning.kept);
  }
  return saved;
}

function changedElsewhere(): AppError {
  return new AppError('post_changed_elsewhere', 409, {
    message: 'The post was saved from elsewhere since the revision edited from',
  });
}

export async function savePost(
  db: Database,
  shopId: string,
  postId: string,
  uid: string,
  body: SavePostBody,
): Promise<PostView> {
  const figure = await postFiguring(db, shopId);
  const row = await db.transaction(async (tx) => {
    const post = await postsRepository.findPost(tx, shopId, postId, { forUpdate: true });
    if (post === undefined) throw postNotFound();
    if (post.revision !== body.baseRevision) throw changedElsewhere();
    return writeRevision(tx, post, uid, cleaned(body.content), body.editorId, figure);
  });
  return presentPost(db, row);
}

/** A kept version becomes the post again, as a version of its own. */
export async function restoreVersion(
  db: Database,
  shopId: string,
  postId: string,
  uid: string,
  revision: number,
  baseRevision: number,
): Promise<PostView> {
  const figure = await postFiguring(db, shopId);
  const row = await db.transaction(async (tx) => {
    const post = await postsRepository.findPost(tx, shopId, postId, { forUpdate: true });
    if (post === undefined) throw postNotFound();
    const version = await postsRepository.findVersion(tx, postId, revision);
    if (version === undefined) {
      throw new AppError('version_not_found', 404, { message: 'No such version of the post' });
    }
    if (post.revision !== baseRevision) throw changedElsewhere();
    return writeRevision(tx, post, uid, version.content, null, figure);
  });
  return presentPost(db, row);
}

/**
 * Answers a conflict with Shopify's text: the article as Shopify holds it in the store's primary
 * language (title, body, summary, search title and description, image and its alt text, author,
 * tags) becomes the post's, as a new revision and a version of its own; the post then matches the
 * store again, and the next publication compares against that update. The other language's texts
 * stay as the post has them: Shopify keeps translations apart from the article.
 */
export async function takeShopifyVersion(
  db: Database,
  shopId: string,
  postId: string,
  uid: string,
  baseRevision: number,
  primary: 'en' | 'fr',
): Promise<PostView> {
  const figure = await postFiguring(db, shopId);
  const row = await db.transaction(async (tx) => {
    const post = await postsRepository.findPost(tx, shopId, postId, { forUpdate: true });
    if (post === undefined) throw postNotFound();
    if (post.revision !== baseRevision) throw changedElsewhere();
    const theirs = post.shopifyVersion;
    if (post.publicationState !== 'conflict' || theirs === null) {
      throw new AppError('post_not_on_store', 409, { message: 'The post is in no conflict' });
    }
    const texts = post.content.languages[primary];
    const content: PostContent = {
      ...post.content,
      languages: {
        ...post.content.languages,
        [primary]: {
          ...texts,
          title: theirs.title,
          bodyHtml: cleanPostBody(theirs.bodyHtml),
          summaryHtml: cleanPostBody(theirs.summaryHtml),
          seoTitle: theirs.seoTitle,
          seoDescription: theirs.seoDescription,
          imageAlt: theirs.imageAlt,
        },
      },
      tags: theirs.tags,
      author: theirs.author,
      imageUrl: theirs.imageUrl,
    };
    const saved = await writeRevision(tx, post, uid, content, null, figure);
    return (await postsRepository.updatePublication(tx, post.id, {
      publicationState: theirs.visible
        ? 'published'
        : theirs.scheduledFor !== null
          ? 'scheduled'
          : 'unpublished',
      publishAt: theirs.scheduledFor !== null ? new Date(theirs.scheduledFor) : post.publishAt,
      publishedRevision: saved.revision,
      shopifyUpdatedAt: theirs.updatedAt,
      storeImageUrl: theirs.imageUrl === '' ? null : theirs.imageUrl,
      shopifyVersion: null,
    }))!;
  });
  return presentPost(db, row);
}
