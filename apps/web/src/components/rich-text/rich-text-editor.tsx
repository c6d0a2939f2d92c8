import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CommandProps, mergeAttributes } from '@tiptap/core';
import { NodeSelection, Selection, TextSelection } from '@tiptap/pm/state';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Tooltip from 'antd/es/tooltip';
import BoldOutlined from '@ant-design/icons/BoldOutlined';
import DeleteColumnOutlined from '@ant-design/icons/DeleteColumnOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DeleteRowOutlined from '@ant-design/icons/DeleteRowOutlined';
import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/FullscreenOutlined';
import InsertRowBelowOutlined from '@ant-design/icons/InsertRowBelowOutlined';
import InsertRowRightOutlined from '@ant-design/icons/InsertRowRightOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import StrikethroughOutlined from '@ant-design/icons/StrikethroughOutlined';
import TableOutlined from '@ant-design/icons/TableOutlined';
import UnderlineOutlined from '@ant-design/icons/UnderlineOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import YoutubeOutlined from '@ant-design/icons/YoutubeOutlined';
import { Z_INDEX } from '../../lib/theme.ts';
import { type LibraryPhoto, PhotoLibraryPicker } from '../photo-library-picker.tsx';
import { YouTube, youtubeVideoId } from './youtube-node.ts';
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

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const OTHER_URL = /^(?:mailto:[^\s@]+@[^\s@]+|tel:\+?[\d\s().-]{3,}|\/(?![/\\])\S*|#[\w-]+)$/i;

/** The addresses a link may take (the server's sanitiser keeps the same ones): http(s), mailto, tel, a site path or an anchor. */
export function isRichTextUrl(url: string): boolean {
  const u = url.trim();
  if (HTTP_URL.test(u)) {
    try {
      return Boolean(new URL(u).hostname);
    } catch {
      return false;
    }
  }
  return OTHER_URL.test(u);
}

/** A key pressed while an input method composes (Traditional Chinese, Japanese…) belongs to the IME, not to us. */
const composing = (event: KeyboardEvent) => event.isComposing || event.keyCode === 229;

/** Tables without their computed inline widths: the back office's policy refuses style attributes, and the sanitiser drops them. */
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    const { style: _style, ...attributes } = HTMLAttributes;
    return ['table', mergeAttributes(this.options.HTMLAttributes, attributes), ['tbody', 0]];
  },
});

/** Library photos keep their id (`data-photo-id`), so a page can find the photos it uses. */
const LibraryImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      photoId: {
        default: null,
        parseHTML: (el: HTMLElement) => (/^\d+$/.test(el.getAttribute('data-photo-id') ?? '') ? el.getAttribute('data-photo-id') : null),
        renderHTML: (attributes: { photoId?: string | number | null }) =>
          attributes.photoId ? { 'data-photo-id': String(attributes.photoId) } : {},
      },
    };
  },
}).configure({ inline: false, allowBase64: false });

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['http', 'https', 'mailto', 'tel'],
      defaultProtocol: 'https',
      // Set per link: a new tab (with noopener) for web addresses only.
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => isRichTextUrl(url),
    },
  }),
  PlainTable.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
  LibraryImage,
  YouTube,
];

type Dialog = 'link' | 'youtube' | 'photo' | null;

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

/**
 * An inserted video or image is left selected, and the next insertion would replace it: type on after
 * it instead (in the paragraph that follows, a new one at the end of the document).
 */
function caretAfterNode({ tr }: CommandProps): boolean {
  const { selection } = tr;
  if (!(selection instanceof NodeSelection)) return true;
  const end = selection.to;
  const after = tr.doc.resolve(end).nodeAfter;
  if (after?.isTextblock) tr.setSelection(TextSelection.create(tr.doc, end + 1));
  else if (after) tr.setSelection(Selection.near(tr.doc.resolve(end), 1));
  else {
    tr.insert(end, tr.doc.type.schema.nodes.paragraph.create());
    tr.setSelection(TextSelection.create(tr.doc, end + 1));
  }
  return true;
}

function insertLink(editor: Editor, href: string) {
  const url = href.trim();
  const external = /^https?:/i.test(url);
  const attributes = { href: url, target: external ? '_blank' : null, rel: external ? 'noopener noreferrer' : null };
  const chain = editor.chain().focus();
  if (editor.state.selection.empty && !editor.isActive('link')) {
    chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: attributes }] }).run();
  } else {
    chain.extendMarkRange('link').setLink(attributes).run();
  }
}

interface ToolbarProps {
  editor: Editor;
  disabled?: boolean;
  fullScreen: boolean;
  onFullScreen(on: boolean): void;
  onDialog(dialog: Dialog): void;
}

function EditorToolbar({ editor, disabled, fullScreen, onFullScreen, onDialog }: ToolbarProps) {
  const { t } = useTranslation('rich-text');
  const toolbar = useRef<HTMLDivElement>(null);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  // One tab stop for the whole toolbar; the arrow keys move inside it (WAI-ARIA toolbar pattern).
  const buttons = () => [...(toolbar.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
  const [current, setCurrent] = useState(0);
  useLayoutEffect(() => {
    const all = buttons();
    const at = Math.min(current, all.length - 1);
    all.forEach((b, i) => {
      b.tabIndex = i === at ? 0 : -1;
    });
  });
  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next =
      e.key === 'ArrowRight'
        ? (at + 1) % all.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + all.length) % all.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? all.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    all[next]?.focus();
  };
  const onFocus = () => {
    const at = buttons().indexOf(document.activeElement as HTMLButtonElement);
    if (at >= 0 && at !== current) setCurrent(at);
  };

  const off = disabled || !editor.isEditable;
  const tool = (key: string, label: string, icon: ReactNode, run: () => void, pressed?: boolean, enabled = true) => (
    <ToolButton
      key={key}
      label={label}
      icon={icon}
      onClick={run}
      pressed={pressed}
      disabled={off || !enabled}
      testId={`rich-text-${key}`}
    />
  );

  return (
    <div
      ref={toolbar}
      className="rich-text-toolbar"
      role="toolbar"
      aria-label={t('toolbar')}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      tabIndex={-1}
    >
      <div className="rich-text-toolbar-group">
        {tool('bold', t('bold'), <BoldOutlined />, () => chain().toggleBold().run(), s.bold)}
        {tool('italic', t('italic'), <ItalicOutlined />, () => chain().toggleItalic().run(), s.italic)}
        {tool('underline', t('underline'), <UnderlineOutlined />, () => chain().toggleUnderline().run(), s.underline)}
        {tool('strike', t('strike'), <StrikethroughOutlined />, () => chain().toggleStrike().run(), s.strike)}
      </div>
      <div className="rich-text-toolbar-group">
        {([2, 3, 4] as const).map((level) =>
          tool(
            `h${level}`,
            t('heading', { level }),
            <span className="rich-text-glyph">H{level}</span>,
            () => chain().toggleHeading({ level }).run(),
            s[`h${level}`],
          ),
        )}
      </div>
      <div className="rich-text-toolbar-group">
        {tool('bullet-list', t('bulletList'), <UnorderedListOutlined />, () => chain().toggleBulletList().run(), s.bulletList)}
        {tool('ordered-list', t('orderedList'), <OrderedListOutlined />, () => chain().toggleOrderedList().run(), s.orderedList)}
        {tool('blockquote', t('blockquote'), <QuoteIcon />, () => chain().toggleBlockquote().run(), s.blockquote)}
      </div>
      <div className="rich-text-toolbar-group">
        {tool('link', t('link'), <LinkOutlined />, () => onDialog('link'), s.link)}
        {tool('unlink', t('unlink'), <DisconnectOutlined />, () => chain().extendMarkRange('link').unsetLink().run(), undefined, s.link)}
        {tool('image', t('image'), <PictureOutlined />, () => onDialog('photo'))}
        {tool('youtube', t('youtube'), <YoutubeOutlined />, () => onDialog('youtube'))}
      </div>
      <div className="rich-text-toolbar-group">
        {tool(
          'table',
          t('table'),
          <TableOutlined />,
          () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
          undefined,
          !s.table,
        )}
        {s.table ? (
          <>
            {tool('add-row', t('addRow'), <InsertRowBelowOutlined />, () => chain().addRowAfter().run())}
            {tool('add-column', t('addColumn'), <InsertRowRightOutlined />, () => chain().addColumnAfter().run())}
            {tool('delete-row', t('deleteRow'), <DeleteRowOutlined />, () => chain().deleteRow().run())}
            {tool('delete-column', t('deleteColumn'), <DeleteColumnOutlined />, () => chain().deleteColumn().run())}
            {tool('delete-table', t('deleteTable'), <DeleteOutlined />, () => chain().deleteTable().run())}
          </>
        ) : null}
      </div>
      <div className="rich-text-toolbar-group">
        {tool('undo', t('undo'), <UndoOutlined />, () => chain().undo().run(), undefined, s.canUndo)}
        {tool('redo', t('redo'), <RedoOutlined />, () => chain().redo().run(), undefined, s.canRedo)}
      </div>
      <div className="rich-text-toolbar-group rich-text-toolbar-end">
        <ToolButton
          label={fullScreen ? t('exitFullScreen') : t('fullScreen')}
          icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          pressed={fullScreen}
          onClick={() => onFullScreen(!fullScreen)}
          testId="rich-text-full-screen"
        />
      </div>
    </div>
  );
}

function ToolButton({
  label,
  icon,
  onClick,
  pressed,
  disabled,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick(): void;
  pressed?: boolean;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="middle"
        className={pressed ? 'rich-text-tool is-active' : 'rich-text-tool'}
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
        // Keep the editor's selection: the button acts on it.
        onMouseDown={(e) => e.preventDefault()}
        data-testid={testId}
      />
    </Tooltip>
  );
}

function QuoteIcon() {
  return (
    <span className="anticon">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" focusable="false" aria-hidden="true">
        <path d="M4 18h5l2-4V6H3v8h3l-2 4zm9 0h5l2-4V6h-8v8h3l-2 4z" />
      </svg>
    </span>
  );
}

/**
 * Enter in a dialog's field inserts. Its keydown is consumed: a form of two fields has no implicit
 * submission, and the key's default action must not reach the editor that takes the focus back.
 */
const submitOnEnter = (form: FormInstance) => (e: ReactKeyboardEvent<HTMLInputElement>) => {
  if (composing(e.nativeEvent)) return;
  e.preventDefault();
  form.submit();
};

function LinkDialog({ initial, onCancel, onSubmit }: { initial: string; onCancel(): void; onSubmit(href: string): void }) {
  const { t } = useTranslation('rich-text');
  const [form] = Form.useForm<{ href: string }>();
  return (
    <Modal
      open
      title={t('linkTitle')}
      okText={t('insert')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      width={480}
      data-testid="rich-text-link-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ href: initial }} onFinish={(v) => onSubmit(v.href.trim())}>
        <Form.Item
          name="href"
          label={t('linkUrl')}
          extra={t('linkUrlHint')}
          rules={[
            { required: true, whitespace: true, message: t('validate.error.required', { ns: 'common' }) },
            {
              validator: async (_r, v: string | undefined) =>
                !v?.trim() || isRichTextUrl(v) ? undefined : Promise.reject(new Error(t('linkUrlInvalid'))),
            },
          ]}
        >
          <Input
            autoFocus
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            onPressEnter={submitOnEnter(form)}
            data-testid="rich-text-link-url"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function YouTubeDialog({ onCancel, onSubmit }: { onCancel(): void; onSubmit(videoId: string, title: string): void }) {
  const { t } = useTranslation('rich-text');
  const [form] = Form.useForm<{ url: string; title?: string }>();
  return (
    <Modal
      open
      title={t('youtubeTitle')}
      okText={t('insert')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      width={480}
      data-testid="rich-text-youtube-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => {
          const videoId = youtubeVideoId(v.url);
          if (videoId) onSubmit(videoId, v.title?.trim() ?? '');
        }}
      >
        <Form.Item
          name="url"
          label={t('youtubeUrl')}
          extra={t('youtubeUrlHint')}
          rules={[
            { required: true, whitespace: true, message: t('validate.error.required', { ns: 'common' }) },
            {
              validator: async (_r, v: string | undefined) =>
                !v?.trim() || youtubeVideoId(v) ? undefined : Promise.reject(new Error(t('youtubeNoId'))),
            },
          ]}
        >
          <Input
            autoFocus
            inputMode="url"
            autoComplete="off"
            placeholder="https://youtu.be/"
            onPressEnter={submitOnEnter(form)}
            data-testid="rich-text-youtube-url"
          />
        </Form.Item>
        <Form.Item name="title" label={t('youtubeVideoTitle')}>
          <Input
            maxLength={200}
            autoComplete="off"
            placeholder={t('youtubeDefaultTitle')}
            onPressEnter={submitOnEnter(form)}
            data-testid="rich-text-youtube-title"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
