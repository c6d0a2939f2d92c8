import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n/index.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import { isRichTextUrl } from './rich-text-url.ts';
import { youtubeVideoId } from './youtube-node.ts';

const VALUE =
  '<h2>工程實績</h2><p>Hello <strong>world</strong></p><ul><li><p>one</p></li></ul>' +
  '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Site tour"></iframe></div>';

function Controlled({ onHtml }: { onHtml?: (html: string) => void }) {
  const [value, setValue] = useState(VALUE);
  return (
    <RichTextEditor
      value={value}
      aria-label="Page body"
      onChange={(html) => {
        setValue(html);
        onHtml?.(html);
      }}
    />
  );
}

const area = () => screen.getByRole('textbox', { name: 'Page body' });

beforeEach(async () => {
  await setLanguage('en-US');
});
afterEach(cleanup);

describe('rich-text editor', () => {
  it('shows the initial HTML in a named editable area', () => {
    render(<Controlled />);
    expect(area().getAttribute('contenteditable')).toBe('true');
    expect(area().querySelector('h2')?.textContent).toBe('工程實績');
    expect(area().querySelector('strong')?.textContent).toBe('world');
    expect(area().querySelector('li')?.textContent).toBe('one');
    const video = area().querySelector('[data-youtube-video]');
    expect(video?.getAttribute('data-video-id')).toBe('dQw4w9WgXcQ');
    expect(video?.textContent).toContain('Site tour');
  });

  it('has a toolbar of named buttons, toggles saying whether they are on', () => {
    render(<Controlled />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting toolbar' });
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Insert link',
      'Remove link',
      'Insert image from the photo library',
      'Insert YouTube video',
      'Insert table',
      'Undo',
      'Redo',
      'Full screen',
    ]) {
      expect(toolbar.contains(screen.getByRole('button', { name }))).toBe(true);
    }
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Undo' }).hasAttribute('disabled')).toBe(true);
    // One tab stop for the toolbar.
    expect(toolbar.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
  });

  it('inserts a table from the toolbar and reports the HTML, without inline widths', () => {
    let html = '';
    render(<Controlled onHtml={(h) => (html = h)} />);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Insert table' }));
    });
    expect(html).toContain('<table><tbody><tr><th');
    expect(html).not.toContain('style=');
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(screen.getByRole('button', { name: 'Delete table' })).toBeTruthy();
  });

  it('enters full screen on the 1680 layer and leaves it with Escape', () => {
    render(<Controlled />);
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    const editor = screen.getByTestId('rich-text-editor');
    expect(editor.classList.contains('is-full-screen')).toBe(true);
    expect(editor.style.zIndex).toBe('1680');
    expect(screen.getByRole('button', { name: 'Leave full screen (Esc)' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(area(), { key: 'Escape', keyCode: 229, isComposing: true });
    expect(editor.classList.contains('is-full-screen')).toBe(true);
    fireEvent.keyDown(area(), { key: 'Escape' });
    expect(editor.classList.contains('is-full-screen')).toBe(false);
  });

  it('takes links to web, mail, phone and site addresses only', () => {
    for (const ok of ['https://example.com/a?b=1', 'http://x.tw', 'mailto:a@example.com', 'tel:+886 2 1234 5678', '/about', '#top']) {
      expect(isRichTextUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'example.com',
      'https://',
      'ftp://x',
    ]) {
      expect(isRichTextUrl(bad), bad).toBe(false);
    }
  });

  it('finds the video id of a short link or a v= parameter', () => {
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId(' https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30 ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/watch?v=short')).toBeNull();
  });
});
