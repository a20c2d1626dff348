import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '#shared/constants.ts';
import type { ChangeView, EditableFieldView } from '#shared/schemas/seo-changes.ts';
import type { PageDetail } from '#shared/schemas/seo.ts';
import {
  useApproveChanges,
  useDiscardDraft,
  useResolveConflict,
  useSaveDraft,
} from './api/seo-change-queries.ts';
import {
  fieldKey,
  isSameTarget,
  isRefusedText,
  pageFields,
  savedText,
  targetOf,
  type FieldTarget,
} from './page-fixes.ts';

/**
 * The owner's edits of one page: the text of each editor (kept here, above the editors, so that
 * the search-result preview and "Approve all drafts" see every one), and what the owner does with
 * them. A text is saved as a draft when asked, when the focus leaves its editor, and before it is
 * approved; saving the same text twice sends it once.
 */

/** What a field is busy with, or the failure of what was last asked of it. */
export type FieldActivity =
  | { kind: 'saving' | 'discarding' | 'approving' | 'resolving' }
  | { kind: 'failed'; error: unknown };

export interface PageFixes {
  textOf: (language: Language, field: EditableFieldView) => string;
  /** Whether the editor holds a text not saved as a draft yet. */
  isDirty: (language: Language, field: EditableFieldView) => boolean;
  activityOf: (target: FieldTarget) => FieldActivity | undefined;
  setText: (target: FieldTarget, text: string) => void;
  save: (target: FieldTarget) => Promise<ChangeView | null>;
  discard: (target: FieldTarget) => Promise<void>;
  approve: (target: FieldTarget) => Promise<void>;
  resolve: (target: FieldTarget, changeId: string, keep: 'shopify' | 'mine') => Promise<void>;
  /** Every field with a draft or an edit not saved yet, which "Approve all drafts" approves. */
  pendingTargets: FieldTarget[];
  /** Whether "Approve all drafts" is under way, and its failure if it failed. */
  approvingAll: boolean;
  approveAllError: unknown;
  approveAll: () => Promise<void>;
  /** Saves every edit not saved yet (when the panel closes). */
  saveAll: () => void;
}

export function usePageFixes(uid: string, shopId: string, detail: PageDetail): PageFixes {
  // The mutations' functions, which keep their identity from one render to the next.
  const { mutateAsync: saveDraft } = useSaveDraft(uid, shopId, detail.id);
  const { mutateAsync: discardDraft } = useDiscardDraft(uid, shopId, detail.id);
  const { mutateAsync: approveChanges } = useApproveChanges(uid, shopId, detail.id);
  const { mutateAsync: resolveConflict } = useResolveConflict(uid, shopId, detail.id);

  const [texts, setTexts] = useState<Readonly<Record<string, string>>>({});
  const [activities, setActivities] = useState<Readonly<Record<string, FieldActivity>>>({});
  const [approvingAll, setApprovingAll] = useState(false);
  const [approveAllError, setApproveAllError] = useState<unknown>(null);
  // The latest detail and texts, for the steps that run after an await.
  const latest = useRef({ detail, texts });
  useEffect(() => {
    latest.current = { detail, texts };
  }, [detail, texts]);
  const inFlight = useRef(new Map<string, { text: string; saved: Promise<ChangeView | null> }>());
  /**
   * The value each field showed when the owner began typing in it: the draft's base, so that a text
   * changed in Shopify while the owner typed (and taken into the detail meanwhile) is a conflict at
   * the write, not overwritten. Forgotten once a draft holds it, or is discarded.
   */
  const editedFrom = useRef(new Map<string, string | null>());
  /**
   * What is under way (`approve <key>`, `discard <key>`, `resolve <key>`, `approve all`): asked
   * again while it runs (a second click), it is not sent twice.
   */
  const running = useRef(new Set<string>());

  /** Runs `task` unless the same one is under way. */
  const once = useCallback(async (name: string, task: () => Promise<void>) => {
    if (running.current.has(name)) return;
    running.current.add(name);
    try {
      await task();
    } finally {
      running.current.delete(name);
    }
  }, []);

  const setActivity = useCallback((key: string, activity: FieldActivity | undefined) => {
    setActivities((current) => {
      const next = { ...current };
      if (activity === undefined) delete next[key];
      else next[key] = activity;
      return next;
    });
  }, []);

  const fieldOf = useCallback((target: FieldTarget): EditableFieldView | undefined => {
    const view = latest.current.detail.languages.find(
      (candidate) => candidate.language === target.language,
    );
    return view?.fields.find((field) => isSameTarget(targetOf(target.language, field), target));
  }, []);

  const currentText = useCallback(
    (target: FieldTarget, field: EditableFieldView) =>
      latest.current.texts[fieldKey(target)] ?? savedText(field),
    [],
  );

  const save = useCallback(
    async (target: FieldTarget): Promise<ChangeView | null> => {
      const field = fieldOf(target);
      if (field === undefined || !field.editable) return null;
      const key = fieldKey(target);
      const text = currentText(target, field);
      const flying = inFlight.current.get(key);
      if (flying?.text === text) return flying.saved;
      if (flying === undefined && text === savedText(field)) return field.draft;
      if (isRefusedText(target.field, text)) return null;
      setActivity(key, { kind: 'saving' });
      const base = editedFrom.current.get(key);
      // After the save still under way, if any: the server keeps the last draft it is sent.
      const saved = (flying?.saved ?? Promise.resolve(null))
        .then(() =>
          saveDraft({
            ...target,
            value: text,
            baseValue: base === undefined ? field.value : base,
          }),
        )
        .then(
          (change) => {
            editedFrom.current.delete(key);
            setActivity(key, undefined);
            // Typed on while it was saved: the newer text stays the editor's.
            setTexts((current) => {
              if (current[key] !== text) return current;
              const next = { ...current };
              delete next[key];
              return next;
            });
            return change;
          },
          (error: unknown) => {
            setActivity(key, { kind: 'failed', error });
            return null;
          },
        )
        .finally(() => {
          if (inFlight.current.get(key)?.saved === saved) inFlight.current.delete(key);
        });
      inFlight.current.set(key, { text, saved });
      return saved;
    },
    [fieldOf, currentText, saveDraft, setActivity],
  );

  const discard = useCallback(
    (target: FieldTarget) =>
      once(`discard ${fieldKey(target)}`, async () => {
        const key = fieldKey(target);
        const saving = inFlight.current.get(key)?.saved;
        const savedWhileLeaving = saving === undefined ? null : await saving;
        const draftId = savedWhileLeaving?.id ?? fieldOf(target)?.draft?.id;
        if (draftId !== undefined) {
          setActivity(key, { kind: 'discarding' });
          try {
            await discardDraft(draftId);
          } catch (error) {
            setActivity(key, { kind: 'failed', error });
            return;
          }
        }
        setActivity(key, undefined);
        editedFrom.current.delete(key);
        setTexts((current) => {
          const next = { ...current };
          delete next[key];
          return next;
        });
      }),
    [once, fieldOf, discardDraft, setActivity],
  );

  /**
   * Saves what is not saved yet, then approves the drafts together. Answers the approval's failure
   * (null when it was sent, or when a save failed: the field says so itself).
   */
  const approveTargets = useCallback(
    async (targets: readonly FieldTarget[]): Promise<unknown> => {
      const drafts = await Promise.all(targets.map((target) => save(target)));
      const ids = drafts.flatMap((draft) => (draft === null ? [] : [draft.id]));
      if (ids.length === 0 || ids.length < targets.length) return null;
      for (const target of targets) setActivity(fieldKey(target), { kind: 'approving' });
      try {
        await approveChanges(ids);
        return null;
      } catch (error) {
        return error;
      } finally {
        for (const target of targets) setActivity(fieldKey(target), undefined);
      }
    },
    [save, approveChanges, setActivity],
  );

  const approve = useCallback(
    (target: FieldTarget) =>
      once(`approve ${fieldKey(target)}`, async () => {
        const error = await approveTargets([target]);
        if (error !== null) setActivity(fieldKey(target), { kind: 'failed', error });
      }),
    [once, approveTargets, setActivity],
  );

  const pendingTargets = pageFields(detail)
    .filter(({ language, field }) => {
      if (!field.editable || field.pending !== null) return false;
      const text = texts[fieldKey(targetOf(language, field))];
      const dirty = text !== undefined && text !== savedText(field);
      return field.draft !== null || (dirty && !isRefusedText(field.field, text));
    })
    .map(({ language, field }) => targetOf(language, field));

  const approveAll = useCallback(
    () =>
      once('approve all', async () => {
        setApprovingAll(true);
        setApproveAllError(null);
        const error = await approveTargets(pendingTargets);
        setApproveAllError(error);
        setApprovingAll(false);
      }),
    [once, approveTargets, pendingTargets],
  );

  const resolve = useCallback(
    (target: FieldTarget, changeId: string, keep: 'shopify' | 'mine') =>
      once(`resolve ${fieldKey(target)}`, async () => {
        const key = fieldKey(target);
        setActivity(key, { kind: 'resolving' });
        try {
          await resolveConflict({ changeId, keep });
          setActivity(key, undefined);
        } catch (error) {
          setActivity(key, { kind: 'failed', error });
        }
      }),
    [once, resolveConflict, setActivity],
  );

  const saveAll = useCallback(() => {
    for (const { language, field } of pageFields(latest.current.detail)) {
      void save(targetOf(language, field));
    }
  }, [save]);

  return {
    textOf: (language, field) => texts[fieldKey(targetOf(language, field))] ?? savedText(field),
    isDirty: (language, field) => {
      const text = texts[fieldKey(targetOf(language, field))];
      return text !== undefined && text !== savedText(field);
    },
    activityOf: (target) => activities[fieldKey(target)],
    setText: (target, text) => {
      const key = fieldKey(target);
      if (!editedFrom.current.has(key)) editedFrom.current.set(key, fieldOf(target)?.value ?? null);
      setTexts((current) => ({ ...current, [key]: text }));
      if (activities[key]?.kind === 'failed') setActivity(key, undefined);
    },
    save,
    discard,
    approve,
    resolve,
    pendingTargets,
    approvingAll,
    approveAllError,
    approveAll,
    saveAll,
  };
}
