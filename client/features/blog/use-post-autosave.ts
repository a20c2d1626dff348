import { useEffect, useState } from 'react';
import type { PostContent, PostView } from '#shared/schemas/blog.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { readPost, savePost } from './api/blog-queries.ts';

/**
 * The editor's saving: the post is saved as the owner types, a moment after the last keystroke
 * (and at least every few seconds of continuous typing), to the server. What the owner typed stays
 * in the page whatever happens to a save:
 * - no answer (offline, the server unreachable): "offline, will retry", tried again with a growing
 *   wait, and at once when the browser is back online;
 * - the post saved from another tab or device since (409): autosaving stops and the owner chooses
 *   between their text, saved on top, and the other one, loaded in its place;
 * - another refusal: said, and tried again at the next keystroke.
 * A tab hidden or closed sends what is waiting at once, and the browser asks before leaving a page
 * whose text is not saved yet.
 */

/** A request that needs the text saved first, while it cannot be (offline, refused, in conflict). */
export class UnsavedText extends Error {
  constructor() {
    super('The text typed is not saved yet');
    this.name = 'UnsavedText';
  }
}

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'waiting' }
  | { kind: 'saving' }
  | { kind: 'offline' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'conflict'; theirs: PostView | null };

export const autosaveTiming = {
  /** Quiet time after a keystroke before saving. */
  debounceMs: 800,
  /** The longest continuous typing goes unsaved. */
  maxWaitMs: 5_000,
  /** Waits between attempts while offline: doubled each time, up to the last. */
  retryMs: [2_000, 4_000, 8_000, 16_000, 30_000],
} as const;

function isUnreachable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

/** What the editor shows of the saving, kept by the hook's state. */
interface SaverView {
  content: PostContent;
  /** The revision saved last, for what the screen shows of it. */
  savedRevision: number;
  generation: number;
  status: SaveStatus;
  savedAt: string;
}

/**
 * The saving itself, outside React: timers, the revision edited from, what waits to be sent. The
 * hook below keeps one per post and shows what it reports.
 */
class PostSaver {
  private latest: PostContent;
  private baseRevision: number;
  private dirty = false;
  private inFlight = false;
  private stopped = false;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private firstUnsavedAt: number | null = null;
  private attempts = 0;
  private inFlightSave: Promise<void> | null = null;
  private view: SaverView;
  /** This editor's name for the server: its saves close together make one version. */
  private readonly editorId = crypto.randomUUID();

  constructor(
    private readonly shopId: string,
    private readonly postId: string,
    initial: PostView,
    private readonly report: (view: SaverView) => void,
    /** Told after each save that went through (the list of posts is then read again). */
    private onSaved: () => void,
  ) {
    this.latest = initial.content;
    this.baseRevision = initial.revision;
    this.view = {
      content: initial.content,
      savedRevision: initial.revision,
      generation: 0,
      status: { kind: 'saved' },
      savedAt: initial.updatedAt,
    };
  }

  private show(change: Partial<SaverView>): void {
    this.view = { ...this.view, ...change };
    this.report(this.view);
  }

  tellSavesTo(onSaved: () => void): void {
    this.onSaved = onSaved;
  }

  revision(): number {
    return this.baseRevision;
  }

  isUnsaved(): boolean {
    return this.dirty || this.inFlight;
  }

  private clearTimers(): void {
    clearTimeout(this.debounceTimer);
    clearTimeout(this.retryTimer);
  }

  /**
   * Resolves once nothing typed waits to be saved (true), or saving cannot go on: offline, refused,
   * in conflict (false, the text still unsaved). What a publication or a restore needs before
   * naming the revision saved.
   */
  async settle(): Promise<boolean> {
    while (this.inFlightSave !== null || (this.dirty && !this.stopped)) {
      if (this.inFlightSave !== null) await this.inFlightSave;
      else await this.saveNow();
      const status = this.view.status.kind;
      if (status === 'offline' || status === 'failed' || status === 'conflict') break;
    }
    return !this.isUnsaved();
  }

  saveNow(): Promise<void> {
    this.clearTimers();
    if (this.inFlight || this.stopped || !this.dirty) return this.inFlightSave ?? Promise.resolve();
    this.inFlightSave = this.send().finally(() => {
      this.inFlightSave = null;
    });
    return this.inFlightSave;
  }

  private async send(): Promise<void> {
    this.inFlight = true;
    this.dirty = false;
    this.firstUnsavedAt = null;
    this.show({ status: { kind: 'saving' } });
    try {
      const saved = await savePost(this.shopId, this.postId, {
        baseRevision: this.baseRevision,
        content: this.latest,
        editorId: this.editorId,
      });
      this.baseRevision = saved.revision;
      this.attempts = 0;
      this.inFlight = false;
      this.onSaved();
      if (this.dirty) {
        this.show({
          savedAt: saved.updatedAt,
          savedRevision: saved.revision,
          status: { kind: 'waiting' },
        });
        this.debounceTimer = setTimeout(() => void this.saveNow(), 0);
      } else {
        this.show({
          savedAt: saved.updatedAt,
          savedRevision: saved.revision,
          status: { kind: 'saved' },
        });
      }
    } catch (error) {
      this.inFlight = false;
      // What was sent is not saved: it is still to save, with anything typed since.
      this.dirty = true;
      if (error instanceof ApiError && error.code === 'post_changed_elsewhere') {
        this.stopped = true;
        this.show({ status: { kind: 'conflict', theirs: null } });
        const theirs = await readPost(this.shopId, this.postId).catch(() => null);
        if (this.stopped) this.show({ status: { kind: 'conflict', theirs } });
      } else if (isUnreachable(error)) {
        this.show({ status: { kind: 'offline' } });
        const waits = autosaveTiming.retryMs;
        const wait = waits[Math.min(this.attempts, waits.length - 1)];
        this.attempts++;
        this.retryTimer = setTimeout(() => void this.saveNow(), wait);
      } else {
        this.show({ status: { kind: 'failed', error } });
      }
    }
  }

  edit(change: (current: PostContent) => PostContent): void {
    this.latest = change(this.latest);
    this.dirty = true;
    if (this.stopped) {
      this.show({ content: this.latest });
      return;
    }
    const status = this.view.status;
    this.show({
      content: this.latest,
      status: status.kind === 'offline' || status.kind === 'saving' ? status : { kind: 'waiting' },
    });
    const now = Date.now();
    this.firstUnsavedAt ??= now;
    clearTimeout(this.debounceTimer);
    const waited = now - this.firstUnsavedAt;
    const delay = Math.max(
      0,
      Math.min(autosaveTiming.debounceMs, autosaveTiming.maxWaitMs - waited),
    );
    this.debounceTimer = setTimeout(() => void this.saveNow(), delay);
  }

  /** The post replaced by one the server holds (a version restored, the other tab's text). */
  replace(post: PostView): void {
    this.clearTimers();
    this.latest = post.content;
    this.baseRevision = post.revision;
    this.dirty = false;
    this.stopped = false;
    this.show({
      content: post.content,
      savedRevision: post.revision,
      savedAt: post.updatedAt,
      generation: this.view.generation + 1,
      status: { kind: 'saved' },
    });
  }

  /** After a conflict: the owner's text saved on top of the other one. */
  keepMine(theirs: PostView): void {
    this.baseRevision = theirs.revision;
    this.stopped = false;
    this.dirty = true;
    void this.saveNow();
  }

  /** Something waits to be sent, and nothing stops it: send it now (back online, tab hidden). */
  flush(): void {
    if (this.dirty && !this.stopped) void this.saveNow();
  }

  dispose(): void {
    // Leaving the editor for another screen: what is waiting is sent now rather than dropped.
    this.flush();
    this.clearTimers();
  }
}

export function usePostAutosave(shopId: string, initial: PostView, onSaved: () => void) {
  const [view, setView] = useState<SaverView>(() => ({
    content: initial.content,
    savedRevision: initial.revision,
    generation: 0,
    status: { kind: 'saved' },
    savedAt: initial.updatedAt,
  }));
  const [saver] = useState(() => new PostSaver(shopId, initial.id, initial, setView, onSaved));

  useEffect(() => {
    saver.tellSavesTo(onSaved);
  }, [saver, onSaved]);

  useEffect(() => {
    const flush = () => saver.flush();
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') saver.flush();
    };
    const warnBeforeLeaving = (event: BeforeUnloadEvent) => {
      if (saver.isUnsaved()) event.preventDefault();
    };
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    window.addEventListener('beforeunload', warnBeforeLeaving);
    return () => {
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      window.removeEventListener('beforeunload', warnBeforeLeaving);
      saver.dispose();
    };
  }, [saver]);

  return {
    ...view,
    /** The revision saved last, as the next request must name it (the view's may lag behind). */
    revision: () => saver.revision(),
    edit: (change: (current: PostContent) => PostContent) => saver.edit(change),
    replace: (post: PostView) => saver.replace(post),
    keepMine: (theirs: PostView) => saver.keepMine(theirs),
    saveNow: () => saver.saveNow(),
    settle: () => saver.settle(),
  };
}

export type PostAutosave = ReturnType<typeof usePostAutosave>;
