import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  useEffect,
  useId,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Button } from '#client/components/button.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { ProductLinkForm, type ProductSearchScope } from './product-link-form.tsx';
import { SentenceHighlights } from './sentence-highlights.ts';

/**
 * A post's body: rich text on Tiptap (ProseMirror), whose schema keeps only what Shopify's
 * `body_html` should hold: paragraphs, subheadings (h2–h4: the post's title is the page's h1),
 * lists, quotes, bold, italic, links and images by address with their alt text. Pasting from Word,
 * Google Docs or Shopify's own editor keeps that structure and drops the rest (styles, spans,
 * `data-mce-*`), because the schema has no place for it; the server cleans what it stores again
 * (server/areas/blog/post-body.ts). Every command is a labelled button of a toolbar that the
 * keyboard reaches, and has its usual shortcut.
 */

export interface RichTextEditorProps {
  /** The label of the editable area, read by assistive technology. */
  label: string;
  html: string;
  /** The store, for links to its products, and the body's language. */
  scope: ProductSearchScope;
  /** Passages to mark in the body (sentence-highlights.ts). */
  highlights: readonly string[];
  onChange: (html: string) => void;
}

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['http', 'https', 'mailto'],
      defaultProtocol: 'https',
      HTMLAttributes: { rel: null, target: null, class: null },
    },
  }),
  Image.configure({ allowBase64: false }),
  SentenceHighlights,
];

export function RichTextEditor({ label, html, scope, highlights, onChange }: RichTextEditorProps) {
  const editor = useEditor({
    extensions,
    content: html,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'rich-text-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        lang: scope.language,
        spellcheck: 'true',
      },
    },
    onUpdate: ({ editor: updated }) => onChange(updated.isEmpty ? '' : updated.getHTML()),
  });
  const highlightKey = highlights.join('\n');
  useEffect(() => {
    editor.commands.setHighlights(highlightKey === '' ? [] : highlightKey.split('\n'));
  }, [editor, highlightKey]);

  return (
    <div className="rich-text-editor">
      <Toolbar editor={editor} label={label} scope={scope} />
      <EditorContent editor={editor} />
    </div>
  );
}

type Command =
  | 'bold'
  | 'italic'
  | 'heading2'
  | 'heading3'
  | 'bulletList'
  | 'orderedList'
  | 'blockquote'
  | 'undo'
  | 'redo';

function Toolbar({
  editor,
  label,
  scope,
}: {
  editor: Editor;
  label: string;
  scope: ProductSearchScope;
}) {
  const { t } = useTranslation('blog');
  const [dialog, setDialog] = useState<'link' | 'product' | 'image' | null>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const run = (command: Command) => {
    const chain = editor.chain().focus();
    const actions: Record<Command, () => boolean> = {
      bold: () => chain.toggleBold().run(),
      italic: () => chain.toggleItalic().run(),
      heading2: () => chain.toggleHeading({ level: 2 }).run(),
      heading3: () => chain.toggleHeading({ level: 3 }).run(),
      bulletList: () => chain.toggleBulletList().run(),
      orderedList: () => chain.toggleOrderedList().run(),
      blockquote: () => chain.toggleBlockquote().run(),
      undo: () => chain.undo().run(),
      redo: () => chain.redo().run(),
    };
    actions[command]();
  };

  const toggle = (command: Exclude<Command, 'undo' | 'redo'>) => (
    <Button
      type="button"
      variant="secondary"
      size="small"
      aria-pressed={active[command]}
      onClick={() => run(command)}
    >
      {t(`toolbar.${command}`)}
    </Button>
  );

  return (
    <>
      <div
        className="rich-text-toolbar"
        role="toolbar"
        aria-label={t('toolbar.label', { label })}
        onKeyDown={moveAlongToolbar}
        onFocus={enterToolbar}
      >
        {toggle('heading2')}
        {toggle('heading3')}
        {toggle('bold')}
        {toggle('italic')}
        {toggle('bulletList')}
        {toggle('orderedList')}
        {toggle('blockquote')}
        <Button
          type="button"
          variant="secondary"
          size="small"
          aria-expanded={dialog === 'link'}
          onClick={() => setDialog(dialog === 'link' ? null : 'link')}
        >
          {t('toolbar.link')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="small"
          aria-expanded={dialog === 'product'}
          onClick={() => setDialog(dialog === 'product' ? null : 'product')}
        >
          {t('toolbar.product')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="small"
          aria-expanded={dialog === 'image'}
          onClick={() => setDialog(dialog === 'image' ? null : 'image')}
        >
          {t('toolbar.image')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="small"
          disabled={!active.canUndo}
          onClick={() => run('undo')}
        >
          {t('toolbar.undo')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="small"
          disabled={!active.canRedo}
          onClick={() => run('redo')}
        >
          {t('toolbar.redo')}
        </Button>
      </div>
      {dialog === 'link' && <LinkForm editor={editor} onDone={() => setDialog(null)} />}
      {dialog === 'product' && (
        <ProductLinkForm editor={editor} scope={scope} onDone={() => setDialog(null)} />
      )}
      {dialog === 'image' && <ImageForm editor={editor} onDone={() => setDialog(null)} />}
    </>
  );
}

/**
 * A toolbar is one stop of the Tab key: the arrow keys (and Home, End) move between its enabled
 * buttons, and Tab leaves it, coming back to the button last used (WAI-ARIA's toolbar pattern).
 */
function toolbarButtons(toolbar: HTMLElement): HTMLButtonElement[] {
  return [...toolbar.querySelectorAll<HTMLButtonElement>(':scope > button')].filter(
    (button) => !button.disabled,
  );
}

function focusToolbarButton(buttons: readonly HTMLButtonElement[], index: number): void {
  buttons.forEach((button, position) => {
    button.tabIndex = position === index ? 0 : -1;
  });
  buttons[index]?.focus();
}

function moveAlongToolbar(event: KeyboardEvent<HTMLDivElement>): void {
  const buttons = toolbarButtons(event.currentTarget);
  const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (current === -1) return;
  const last = buttons.length - 1;
  const next =
    event.key === 'ArrowRight'
      ? current === last
        ? 0
        : current + 1
      : event.key === 'ArrowLeft'
        ? current === 0
          ? last
          : current - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : null;
  if (next === null) return;
  event.preventDefault();
  focusToolbarButton(buttons, next);
}

/** Tab reaches one button: the one focused last, else the first. */
function enterToolbar(event: FocusEvent<HTMLDivElement>): void {
  // Every button, the disabled ones too: one enabled later must not become a stop of its own.
  const focused: EventTarget = event.target;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > button')];
  if (!buttons.some((button) => button === focused)) return;
  for (const button of buttons) button.tabIndex = button === focused ? 0 : -1;
}

/** An address a link or an image may carry: https (or http for a link), or a mail address. */
function isAcceptedAddress(address: string, kinds: readonly string[]): boolean {
  try {
    return kinds.includes(new URL(address).protocol);
  } catch {
    return false;
  }
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation('blog');
  const id = useId();
  const [address, setAddress] = useState<string>(
    (editor.getAttributes('link').href as string | undefined) ?? '',
  );
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = address.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (trimmed === '') {
      chain.unsetLink().run();
      onDone();
      return;
    }
    // A store's own path (/products/…) is a link to one of its pages.
    const accepted =
      trimmed.startsWith('/') || isAcceptedAddress(trimmed, ['https:', 'http:', 'mailto:']);
    if (!accepted) {
      setError(true);
      return;
    }
    chain.setLink({ href: trimmed }).run();
    onDone();
  };
  return (
    <form className="rich-text-inline-form" onSubmit={submit}>
      <label htmlFor={`${id}-address`}>{t('toolbar.linkAddress')}</label>
      <input
        id={`${id}-address`}
        type="text"
        inputMode="url"
        value={address}
        aria-invalid={error || undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          setAddress(event.target.value);
          setError(false);
        }}
        autoFocus
      />
      <p id={`${id}-hint`} className="form-hint">
        {t('toolbar.linkHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {t('toolbar.linkInvalid')}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit" size="small">
          {t('toolbar.apply')}
        </Button>
        <Button type="button" variant="secondary" size="small" onClick={onDone}>
          {t('toolbar.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ImageForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation('blog');
  const id = useId();
  const [address, setAddress] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAcceptedAddress(address.trim(), ['https:'])) {
      setError(true);
      return;
    }
    editor.chain().focus().setImage({ src: address.trim(), alt: alt.trim() }).run();
    onDone();
  };
  return (
    <form className="rich-text-inline-form" onSubmit={submit}>
      <label htmlFor={`${id}-address`}>{t('toolbar.imageAddress')}</label>
      <input
        id={`${id}-address`}
        type="url"
        value={address}
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setAddress(event.target.value);
          setError(false);
        }}
        autoFocus
      />
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {t('problems.image_url_not_https')}
        </p>
      )}
      <label htmlFor={`${id}-alt`}>{t('toolbar.imageAlt')}</label>
      <input
        id={`${id}-alt`}
        type="text"
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
      />
      <div className="form-actions">
        <Button type="submit" size="small">
          {t('toolbar.insert')}
        </Button>
        <Button type="button" variant="secondary" size="small" onClick={onDone}>
          {t('toolbar.cancel')}
        </Button>
      </div>
    </form>
  );
}
