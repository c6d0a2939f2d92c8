import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Tabs from 'antd/es/tabs';
import { PageHeader } from '../../components/page-header.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { RichTextEditor } from '../../components/rich-text/rich-text-editor.tsx';
import './i18n.ts';

/** One block element a line, so the source reads like the document. */
function readableHtml(html: string): string {
  return html.replace(/(<\/(?:p|h2|h3|h4|li|ul|ol|blockquote|tr|thead|tbody|table|div)>|<hr\s*\/?>)(?=<[^/])/g, '$1\n');
}

/**
 * The editor's HTML as a page shows it once the server has sanitised it: no style attributes (the
 * policy refuses them), videos loaded lazily with a strict referrer.
 */
function previewHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const el of doc.body.querySelectorAll('[style]')) el.removeAttribute('style');
  for (const frame of doc.body.querySelectorAll('div[data-youtube-video] iframe')) {
    frame.setAttribute('loading', 'lazy');
    frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  }
  return doc.body.innerHTML;
}

/** /admin/debug/html-editor (super admins, spec section 2): the rich-text editor, its HTML and a preview. */
export default function HtmlEditorPage() {
  const { t } = useTranslation('html-editor');
  const [html, setHtml] = useState('');
  const [tab, setTab] = useState('html');
  const source = useMemo(() => readableHtml(html), [html]);
  const preview = useMemo(() => (tab === 'preview' ? previewHtml(html) : ''), [html, tab]);

  return (
    <div className="page html-editor-page">
      <PageHeader subtitle={t('intro')} />
      <Flex vertical gap={16}>
        <RichTextEditor value={html} onChange={setHtml} aria-label={t('editor')} placeholder={t('placeholder')} />
        <Card size="small">
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'html',
                label: t('htmlTab'),
                children: html ? (
                  <Flex vertical gap={8} align="stretch">
                    <Flex justify="flex-end">
                      <CopyButton text={html} size="small" data-testid="html-editor-copy" />
                    </Flex>
                    {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable from the keyboard */}
                    <pre className="rich-text-source" tabIndex={0} data-testid="html-editor-source">
                      <code>{source}</code>
                    </pre>
                  </Flex>
                ) : (
                  <EmptyState description={t('empty')} />
                ),
              },
              {
                key: 'preview',
                label: t('previewTab'),
                children: html ? (
                  <div
                    className="rich-text-view"
                    data-testid="html-editor-preview"
                    // The editor's own output: its schema holds only the allowed elements and checked link addresses.
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: rendering that HTML is the point of the preview
                    dangerouslySetInnerHTML={{ __html: preview }}
                  />
                ) : (
                  <EmptyState description={t('empty')} />
                ),
              },
            ]}
          />
        </Card>
      </Flex>
    </div>
  );
}
