import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Editor, useEditorState } from '@tiptap/react';
import Button from 'antd/es/button';
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
import './i18n.ts';

/** The dialog a toolbar button opens. */
export type Dialog = 'link' | 'youtube' | 'photo' | null;

interface ToolbarProps {
  editor: Editor;
  disabled?: boolean;
  fullScreen: boolean;
  onFullScreen(on: boolean): void;
  onDialog(dialog: Dialog): void;
}

/** The editor's toolbar (WAI-ARIA toolbar pattern). */
export function EditorToolbar({ editor, disabled, fullScreen, onFullScreen, onDialog }: ToolbarProps) {
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
