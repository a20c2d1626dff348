import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Language } from '#shared/constants.ts';
import { blogContracts as contracts } from '#shared/contracts/blog.ts';
import type { PostContent, PostListNeed, PostListState, PostView } from '#shared/schemas/blog.ts';
import { callApi } from '#client/lib/call-api.ts';

/**
 * The blog's server state: the store's posts, one post as last saved, its versions, and the writes
 * (a new post, a save, a restore, a deletion). Every key is under the signed-in user's uid and the
 * store, so that another account or store never reads what was cached for the previous one.
 */

export const blogKeys = {
  all: (uid: string, shopId: string) => ['blog', uid, shopId] as const,
  list: (uid: string, shopId: string, filters: PostListFilters, offset: number) =>
    ['blog', uid, shopId, 'posts', filters, offset] as const,
  post: (uid: string, shopId: string, postId: string) =>
    ['blog', uid, shopId, 'post', postId] as const,
  versions: (uid: string, shopId: string, postId: string) =>
    ['blog', uid, shopId, 'post', postId, 'versions'] as const,
};

export const postsPerPage = 20;

/** What the list of posts is narrowed to: words of a title, and the filters chosen. */
export interface PostListFilters {
  search: string;
  state?: PostListState;
  needs?: PostListNeed;
}

export function usePostList(uid: string, shopId: string, filters: PostListFilters, offset: number) {
  return useQuery({
    queryKey: blogKeys.list(uid, shopId, filters, offset),
    queryFn: async () =>
      (
        await callApi(contracts.listPosts, {
          params: { shopId },
          query: { ...filters, offset, limit: postsPerPage },
        })
      ).data,
    // The page shown stays while the next one (or the next search's) loads.
    placeholderData: keepPreviousData,
    // A post being written to the store (or deleted there) shows its outcome once the job is done.
    refetchInterval: (query) =>
      query.state.data?.posts.some((post) => post.state === 'queued') === true ? 1000 : false,
  });
}

export function usePost(uid: string, shopId: string, postId: string) {
  return useQuery({
    queryKey: blogKeys.post(uid, shopId, postId),
    queryFn: async () => (await callApi(contracts.readPost, { params: { shopId, postId } })).data,
    // The editor holds the post from here on; reading it again behind the owner's back would
    // replace what is being typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useCreatePost(uid: string, shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content?: PostContent) =>
      (
        await callApi(contracts.createPost, {
          params: { shopId },
          body: content === undefined ? {} : { content },
        })
      ).data,
    onSuccess: (post) => {
      queryClient.setQueryData(blogKeys.post(uid, shopId, post.id), post);
      void queryClient.invalidateQueries({ queryKey: [...blogKeys.all(uid, shopId), 'posts'] });
    },
  });
}

/** A save, outside React Query's mutation: the editor's autosave drives its own retries. */
export async function savePost(
  shopId: string,
  postId: string,
  save: { baseRevision: number; content: PostContent; editorId: string },
): Promise<PostView> {
  return (await callApi(contracts.savePost, { params: { shopId, postId }, body: save })).data;
}

export async function readPost(shopId: string, postId: string): Promise<PostView> {
  return (await callApi(contracts.readPost, { params: { shopId, postId } })).data;
}

export function usePostVersions(uid: string, shopId: string, postId: string, enabled: boolean) {
  return useQuery({
    queryKey: blogKeys.versions(uid, shopId, postId),
    queryFn: async () =>
      (await callApi(contracts.listVersions, { params: { shopId, postId } })).data.versions,
    enabled,
    staleTime: 0,
  });
}

export async function restoreVersion(
  shopId: string,
  postId: string,
  revision: number,
  baseRevision: number,
): Promise<PostView> {
  return (
    await callApi(contracts.restoreVersion, {
      params: { shopId, postId, revision },
      body: { baseRevision },
    })
  ).data;
}

export function useDeletePost(uid: string, shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (postId: string) =>
      callApi(contracts.deletePost, { params: { shopId, postId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...blogKeys.all(uid, shopId), 'posts'] }),
  });
}

/** After a save or a restore: the list shows the post's new title and time. */
export function useForgetPostList(uid: string, shopId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...blogKeys.all(uid, shopId), 'posts'] });
}

/** The store's blogs, time zone and posts left this month, for the editor's publishing. */
export function useBlogSettings(uid: string, shopId: string) {
  return useQuery({
    queryKey: [...blogKeys.all(uid, shopId), 'settings'] as const,
    queryFn: async () => (await callApi(contracts.settings, { params: { shopId } })).data,
  });
}

/**
 * The post's publication, read again every second while its job writes it (the editor keeps its
 * own text: only the publication is read from here).
 */
export function usePublication(uid: string, shopId: string, postId: string, initial: PostView) {
  return useQuery({
    queryKey: [...blogKeys.post(uid, shopId, postId), 'publication'] as const,
    queryFn: async () =>
      (await callApi(contracts.readPost, { params: { shopId, postId } })).data.publication,
    initialData: initial.publication,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.state === 'queued' ? 1000 : false),
  });
}

export function usePublicationActions(uid: string, shopId: string, postId: string) {
  const queryClient = useQueryClient();
  const show = (post: PostView) => {
    queryClient.setQueryData(
      [...blogKeys.post(uid, shopId, postId), 'publication'],
      post.publication,
    );
    void queryClient.invalidateQueries({ queryKey: [...blogKeys.all(uid, shopId), 'posts'] });
    void queryClient.invalidateQueries({ queryKey: [...blogKeys.all(uid, shopId), 'settings'] });
    return post;
  };
  return {
    publish: async (body: { baseRevision: number; publishAt?: string; overwrite?: boolean }) =>
      show((await callApi(contracts.publishPost, { params: { shopId, postId }, body })).data),
    unpublish: async () =>
      show((await callApi(contracts.unpublishPost, { params: { shopId, postId } })).data),
    takeShopify: async (baseRevision: number) =>
      show(
        (
          await callApi(contracts.takeShopifyVersion, {
            params: { shopId, postId },
            body: { baseRevision },
          })
        ).data,
      ),
  };
}

/** How long the typing rests before the editor asks whether a handle is taken. */
export const handleCheckDelayMs = 400;

/**
 * Whether another article of the blog answers at `handle` in `language` (the post's own article
 * left out), asked once the typing has rested: true only while the answer is about the handle
 * shown, so an answer about what was typed before never lingers.
 */
export function useHandleTaken(
  uid: string,
  shopId: string,
  postId: string,
  check: { language: Language; handle: string; blogId: string },
): boolean {
  const handle = check.handle.trim();
  const [asked, setAsked] = useState(handle);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(handle), handleCheckDelayMs);
    return () => clearTimeout(timer);
  }, [handle]);
  const { language, blogId } = check;
  const answer = useQuery({
    queryKey: [...blogKeys.post(uid, shopId, postId), 'handle', language, blogId, asked] as const,
    queryFn: async () =>
      (
        await callApi(contracts.checkHandle, {
          params: { shopId, postId },
          query: { language, handle: asked, ...(blogId !== '' && { blogId }) },
        })
      ).data.taken,
    enabled: asked !== '',
    // Another article may take the handle meanwhile: asked again when the editor comes back.
    staleTime: 30_000,
  });
  return asked === handle && answer.data === true;
}

/** The store's products whose title holds `search`, to link to; none asked for a blank search. */
export function useProductSearch(uid: string, shopId: string, search: string) {
  return useQuery({
    queryKey: [...blogKeys.all(uid, shopId), 'products', 'search', search] as const,
    queryFn: async () =>
      (await callApi(contracts.linkableProducts, { params: { shopId }, query: { search } })).data
        .products,
    enabled: search.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

/** The products a post's links name, by their handles (sorted: one cache entry per set). */
export function useLinkedProducts(uid: string, shopId: string, handles: readonly string[]) {
  const key = [...new Set(handles)].sort().join(',');
  return useQuery({
    queryKey: [...blogKeys.all(uid, shopId), 'products', 'linked', key] as const,
    queryFn: async () =>
      (
        await callApi(contracts.linkableProducts, {
          params: { shopId },
          query: { handles: key },
        })
      ).data.products,
    enabled: key !== '',
    placeholderData: keepPreviousData,
  });
}

/** The store's articles no post holds, for the list's second part. */
export function useStoreArticles(uid: string, shopId: string, search: string, offset: number) {
  return useQuery({
    queryKey: [...blogKeys.all(uid, shopId), 'store-articles', search, offset] as const,
    queryFn: async () =>
      (
        await callApi(contracts.listStoreArticles, {
          params: { shopId },
          query: { search, offset, limit: postsPerPage },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useAdoptStoreArticle(uid: string, shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (articleGid: string) =>
      (
        await callApi(contracts.adoptStoreArticle, {
          params: { shopId, articleId: articleGid.split('/').at(-1) ?? '' },
        })
      ).data,
    onSuccess: (post) => {
      queryClient.setQueryData(blogKeys.post(uid, shopId, post.id), post);
      void queryClient.invalidateQueries({ queryKey: blogKeys.all(uid, shopId) });
    },
  });
}
