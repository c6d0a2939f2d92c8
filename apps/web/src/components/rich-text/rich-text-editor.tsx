import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor } from '@tiptap/react';
import { Z_INDEX } from '../../lib/theme.ts';
import { type LibraryPhoto, PhotoLibraryPicker } from '../photo-library-picker.tsx';
import { composing } from './composing.ts';
import { caretAfterNode, insertLink } from './rich-text-commands.ts';
import { LinkDialog, YouTubeDialog } from './rich-text-dialogs.tsx';
import { EXTENSIONS } from './rich-text-extensions.ts';
import { type Dialog, EditorToolbar } from './rich-text-toolbar.tsx';
import './i18n.ts';
import './rich-text.css';

export interface RichTextEditorProps {
  /** HTML; '' (or nothing) is an empty document. */
  value?: string;
  /** The editor's HTML after each change, '' when it is empty (so a "required" rule sees it missing). */
  onChange?: (html: string) => void;
  placeholder?: string;
  'aria-label'?: string;
  disabled?: boolean;
  /** Set on the editable area (antd Form.Item passes the field's id). */
  id?: string;
}

/**
 * Rich text (a page's body) as HTML, with the toolbar of issue 11: marks, headings 2–4, lists, quote,
 * links, tables, library photos, YouTube videos, undo/redo and full screen (spec section 9: layer 1680).
 * A Form.Item control: `value`/`onChange`.
 */
export function RichTextEditor({ value, onChange, placeholder, 'aria-label': ariaLabel, disabled, id }: RichTextEditorProps) {
  const { t } = useTranslation('rich-text');
  const [fullScreen, setFullScreen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The HTML the editor last took or sent up: when `value` is still that, the editor already shows it. */
  const lastEmitted = useRef<string | undefined>(value ?? '');
  const viewAttributes = useRef({ label: ariaLabel ?? t('editor'), placeholder, id });
  const openLink = useRef(() => {});
  openLink.current = () => setDialog('link');

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value ?? '',
    editable: !disabled,
    // The policy allows no inline <style>: rich-text.css carries TipTap's base rules.
    injectCSS: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: (state) => {
        const a = viewAttributes.current;
        const empty =
          state.doc.childCount === 1 && state.doc.firstChild?.type.name === 'paragraph' && state.doc.firstChild.content.size === 0;
        return {
          'aria-label': a.label,
          'aria-multiline': 'true',
          ...(a.id ? { id: a.id } : {}),
          ...(a.placeholder ? { 'aria-placeholder': a.placeholder, 'data-placeholder': a.placeholder } : {}),
          class: empty ? 'rich-text-area is-empty' : 'rich-text-area',
        };
      },
      handleKeyDown: (_view, event) => {
        if (composing(event)) return false;
        if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          openLink.current();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      lastEmitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // Only a value from outside replaces the document: the editor's own changes come back as `value`
  // and must not reset the cursor.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const next = value ?? '';
    if (next === lastEmitted.current) return;
    lastEmitted.current = next;
    if (next === (editor.isEmpty ? '' : editor.getHTML())) return;
    // A new document, not an edit: nothing to undo back to.
    editor.chain().setMeta('addToHistory', false).setContent(next, { emitUpdate: false }).run();
  }, [editor, value]);

  useEffect(() => {
    if (editor.isEditable !== !disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // A changed label, placeholder or id reaches the editable area with the next view update.
  useEffect(() => {
    viewAttributes.current = { label: ariaLabel ?? t('editor'), placeholder, id };
    if (!editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
  }, [editor, ariaLabel, placeholder, id, t]);

  useEffect(() => {
    if (!fullScreen) return;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (e: KeyboardEvent) => {
      // Only keys inside the editor: a dialog opened from it (a portal) closes on its own Escape.
      if (e.key !== 'Escape' || composing(e) || !wrapper.current?.contains(e.target as Node)) return;
      e.preventDefault();
      setFullScreen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [fullScreen]);

  const closeDialog = () => {
    setDialog(null);
    editor.commands.focus();
  };

  return (
    <div
      ref={wrapper}
      className={`rich-text-editor${fullScreen ? ' is-full-screen' : ''}${disabled ? ' is-disabled' : ''}`}
      style={fullScreen ? { zIndex: Z_INDEX.htmlEditorFullScreen } : undefined}
      data-testid="rich-text-editor"
    >
      <EditorToolbar editor={editor} disabled={disabled} fullScreen={fullScreen} onFullScreen={setFullScreen} onDialog={setDialog} />
      <EditorContent editor={editor} className="rich-text-content" />
      {dialog === 'link' ? (
        <LinkDialog
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onCancel={closeDialog}
          onSubmit={(href) => {
            setDialog(null);
            insertLink(editor, href);
          }}
        />
      ) : null}
      {dialog === 'youtube' ? (
        <YouTubeDialog
          onCancel={closeDialog}
          onSubmit={(videoId, title) => {
            setDialog(null);
            editor
              .chain()
              .focus()
              .setYouTubeVideo({ videoId, title: title || t('youtubeDefaultTitle') })
              .command(caretAfterNode)
              .run();
          }}
        />
      ) : null}
      {dialog === 'photo' ? (
        <PhotoLibraryPicker
          open
          onClose={closeDialog}
          onPick={(photo: LibraryPhoto) => {
            setDialog(null);
            editor
              .chain()
              .focus()
              .insertContent({
                type: 'image',
                attrs: { src: photo.size_list.large.url, alt: photo.alt || photo.title, photoId: photo.id },
              })
              .command(caretAfterNode)
              .run();
          }}
        />
      ) : null}
    </div>
  );
}
