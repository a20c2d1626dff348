import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

/**
 * Marks in the body the passages a readability check flags (long sentences, passive ones, a
 * paragraph too long…), as the owner asks from the panel: each passage is found again in the
 * paragraph or heading it belongs to, whatever bold, italic or links it runs through, and
 * decorated without touching the text. The passages are set with `setHighlights`; an empty list
 * takes the marks away.
 */

const highlightsKey = new PluginKey<DecorationSet>('sentenceHighlights');

/** Whitespace as the analysis reads it: runs of spaces (and no-break spaces) count as one. */
function collapsed(text: string): { text: string; offsets: number[] } {
  let out = '';
  const offsets: number[] = [];
  let inSpace = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (/\s/.test(character)) {
      if (inSpace) continue;
      inSpace = true;
      out += ' ';
    } else {
      inSpace = false;
      out += character;
    }
    offsets.push(index);
  }
  return { text: out, offsets };
}

/** The document position of each character of a text block's text. */
function characterPositions(block: ProseMirrorNode, blockStart: number): number[] {
  const positions: number[] = [];
  block.forEach((child, offset) => {
    if (!child.isText) return;
    for (let index = 0; index < child.text!.length; index++) {
      positions.push(blockStart + 1 + offset + index);
    }
  });
  return positions;
}

function decorationsFor(doc: ProseMirrorNode, passages: readonly string[]): DecorationSet {
  const wanted = passages
    .map((passage) => collapsed(passage.trim()).text)
    .filter((passage) => passage !== '');
  if (wanted.length === 0) return DecorationSet.empty;
  const decorations: Decoration[] = [];
  doc.descendants((node, position) => {
    if (!node.isTextblock) return true;
    const positions = characterPositions(node, position);
    const { text, offsets } = collapsed(node.textContent);
    for (const passage of wanted) {
      let from = text.indexOf(passage);
      while (from !== -1) {
        const start = positions[offsets[from]!];
        const end = positions[offsets[from + passage.length - 1]!];
        if (start !== undefined && end !== undefined) {
          decorations.push(Decoration.inline(start, end + 1, { class: 'flagged-passage' }));
        }
        from = text.indexOf(passage, from + passage.length);
      }
    }
    return false;
  });
  return DecorationSet.create(doc, decorations);
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    sentenceHighlights: {
      /** Marks these passages of the body; none takes the marks away. */
      setHighlights: (passages: readonly string[]) => ReturnType;
    };
  }
}

export const SentenceHighlights = Extension.create({
  name: 'sentenceHighlights',

  addStorage() {
    return { passages: [] as readonly string[] };
  },

  addCommands() {
    return {
      setHighlights:
        (passages) =>
        ({ tr, dispatch }) => {
          this.storage.passages = passages;
          if (dispatch) dispatch(tr.setMeta(highlightsKey, passages));
          return true;
        },
    };
  },

  addProseMirrorPlugins() {
    const storage = this.storage as { passages: readonly string[] };
    return [
      new Plugin<DecorationSet>({
        key: highlightsKey,
        state: {
          init: (_, state) => decorationsFor(state.doc, storage.passages),
          apply: (tr, previous, _, state) => {
            const passages = tr.getMeta(highlightsKey) as readonly string[] | undefined;
            if (passages !== undefined) return decorationsFor(state.doc, passages);
            // Typing moves the marks with the text; what it rewrites is marked again as asked.
            return tr.docChanged ? decorationsFor(state.doc, storage.passages) : previous;
          },
        },
        props: {
          decorations: (state) => highlightsKey.getState(state),
        },
      }),
    ];
  },
});
