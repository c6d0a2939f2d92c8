import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import { pageContentShape, type Page } from '@bo/shared/schemas/page';
import { formatDateTime } from '../../i18n/dates.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { useConfirmDestructive } from '../../components/resource/use-confirm.tsx';
import { toastOutcome } from '../../components/resource/toast-outcome.ts';
import { pagesApi, restoreRevision, revision, useRevisions } from './api.ts';
import { PageStatusTag } from './page-status-tag.tsx';
import './i18n.ts';

const LABEL_KEYS: Record<string, string> = {
  title: 'title',
  title_en: 'titleEn',
  slug: 'slug',
  summary: 'summary',
  summary_en: 'summaryEn',
  body: 'body',
  body_en: 'bodyEn',
  cover_photo_id: 'cover',
  category_id: 'category',
  seo_description: 'seo',
  seo_description_en: 'seoEn',
  sort_order: 'order',
  location: 'location',
  client: 'client',
  period_start: 'period',
  period_end: 'period',
  gallery: 'gallery',
};

/** Rich text as the words it holds, for comparing; anything else as text. */
const readable = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.map((x) => `#${x}`).join(', ') : '—';
  const s = String(v);
  return s.startsWith('<') ? new DOMParser().parseFromString(s, 'text/html').body.textContent || '—' : s;
};

/** The page's revisions: pick one to compare with the current content, then restore it (as a new revision). */
export function PageRevisions({ page, onClose }: { page: Page; onClose(): void }) {
  const { t } = useTranslation('page');
  const revisions = useRevisions(page.id);
  const [selected, setSelected] = useState<number | null>(null);
  const chosen = useQuery({
    queryKey: ['/api/admin/page', 'one', page.id, 'revisions', selected],
    queryFn: () => revision(page.id, selected!),
    enabled: selected !== null,
  });
  const invalidate = pagesApi.useInvalidate();
  const confirm = useConfirmDestructive();

  const current = Object.fromEntries(
    Object.keys(pageContentShape).map((k) => [k, k === 'gallery' ? page.gallery.map((g) => g.id) : page[k as keyof Page]]),
  );
  const diff = chosen.data?.content
    ? Object.keys(pageContentShape)
        .filter((k) => JSON.stringify(chosen.data.content?.[k] ?? null) !== JSON.stringify(current[k] ?? null))
        .map((k) => ({ key: k, field: t(LABEL_KEYS[k] ?? k), before: readable(chosen.data.content?.[k]), now: readable(current[k]) }))
    : [];

  const restore = async (number: number) => {
    if (!(await confirm({ title: t('restoreConfirm', { number }), okText: t('restore') }))) return;
    const ok = await toastOutcome(() => restoreRevision(page, number), t('restored', { number }));
    await invalidate();
    if (ok) onClose();
  };

  return (
    <Drawer open onClose={onClose} size="large" title={t('revisions')} destroyOnHidden>
      {revisions.isPending ? (
        <Skeleton active />
      ) : revisions.isError ? (
        <ErrorState error={revisions.error} onRetry={() => void revisions.refetch()} />
      ) : (
        <>
          <List
            size="small"
            dataSource={revisions.data}
            data-testid="page-revision-list"
            renderItem={(r) => (
              <List.Item
                actions={[
                  <Button
                    key="compare"
                    size="small"
                    type={selected === r.number ? 'primary' : 'default'}
                    onClick={() => setSelected(r.number)}
                  >
                    {t('compare')}
                  </Button>,
                  <Button key="restore" size="small" onClick={() => void restore(r.number)} data-testid={`page-restore-${r.number}`}>
                    {t('restore')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <>
                      {t('revision', { number: r.number })} <PageStatusTag page={{ status: r.status, publish_at: null }} />
                    </>
                  }
                  description={`${formatDateTime(r.created_at)}${r.actor ? ` · ${t('by', { name: r.actor.name || r.actor.email })}` : ''}`}
                />
              </List.Item>
            )}
          />
          {selected !== null ? (
            chosen.isPending ? (
              <Skeleton active />
            ) : diff.length === 0 ? (
              <Empty description={t('noDifference')} />
            ) : (
              <Table
                className="page-revision-diff"
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={diff}
                data-testid="page-revision-diff"
                columns={[
                  { key: 'field', dataIndex: 'field', title: t('field'), width: 120 },
                  { key: 'before', dataIndex: 'before', title: t('revision', { number: selected }) },
                  { key: 'now', dataIndex: 'now', title: t('current') },
                ]}
              />
            )
          ) : null}
        </>
      )}
    </Drawer>
  );
}
