import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import HolderOutlined from '@ant-design/icons/HolderOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import { BANNER_POSITIONS, type Banner, type BannerPosition } from '@bo/shared/schemas/banner';
import { api } from '../../lib/api-client.ts';
import { confirmLeave, useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { createResourceApi } from '../../components/resource/resource-api.ts';
import { toastOutcome } from '../../components/resource/toast-outcome.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import './banner.css';
import './i18n.ts';

const banners = createResourceApi<Banner, never>('/api/admin/banner');
/** "Arrange order" in the banner list's header: one position's banners, dragged (or moved by buttons) into order. */
export function BannerOrderButton({ canWrite }: { canWrite: boolean }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('banner', { keyPrefix: 'arrange' });
  if (!canWrite) return null;
  return (
    <>
      <Button icon={<OrderedListOutlined />} onClick={() => setOpen(true)} data-testid="banner-order-open">
        {t('open')}
      </Button>
      {open ? <BannerOrderDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function BannerOrderDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('banner', { keyPrefix: 'arrange' });
  const { t: tp } = useTranslation('banner');
  const [position, setPosition] = useState<BannerPosition>('home');
  const q = useQuery(banners.list({ position, sort: 'sort_order', order: 'asc', per_page: 100 }));
  const invalidate = banners.useInvalidate();
  const [rows, setRows] = useState<Banner[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setRows(q.data?.data ?? []), [q.data]);
  const changed = rows.map((r) => r.id).join() !== (q.data?.data ?? []).map((r) => r.id).join();
  useUnsavedChanges(changed);
  const cancel = () => void confirmLeave().then((leave) => leave && onClose());

  const move = (from: number, to: number) =>
    setRows((all) => {
      if (to < 0 || to >= all.length || from === to) return all;
      const next = [...all];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
  const save = async () => {
    setSaving(true);
    const ok = await toastOutcome(() => api.put('/api/admin/banner/order', { position, ids: rows.map((r) => r.id) }), t('saved'));
    setSaving(false);
    await invalidate();
    if (ok) onClose();
  };

  return (
    <Modal
      open
      title={t('title')}
      onCancel={cancel}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void save()}
      okButtonProps={{ disabled: !changed, loading: saving, 'data-testid': 'banner-order-save' } as never}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Select
          aria-label={t('position')}
          value={position}
          onChange={setPosition}
          options={BANNER_POSITIONS.map((p) => ({ value: p, label: tp(`positions.${p}`) }))}
          style={{ maxWidth: 240 }}
          data-testid="banner-order-position"
        />
        <Typography.Text type="secondary">{t('hint')}</Typography.Text>
        {q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : q.data && rows.length === 0 ? (
          <EmptyState description={t('empty')} />
        ) : (
          <ol className="banner-order-list" data-testid="banner-order-list">
            {rows.map((b, i) => (
              <li
                key={b.id}
                draggable
                className={dragged === i ? 'dragging' : undefined}
                onDragStart={(e) => {
                  setDragged(i);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  e.preventDefault();
                  if (dragged !== null && dragged !== i) {
                    move(dragged, i);
                    setDragged(i);
                  }
                }}
                onDragEnd={() => setDragged(null)}
                data-testid={`banner-order-item-${b.id}`}
              >
                <HolderOutlined aria-hidden className="banner-order-handle" />
                {b.photo ? <img className="content-thumb" src={b.photo.size_list.tiny.url} alt="" /> : null}
                <span className="banner-order-title">{b.title}</span>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`${t('up')} ${b.title}`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`${t('down')} ${b.title}`}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, i + 1)}
                />
              </li>
            ))}
          </ol>
        )}
      </Flex>
    </Modal>
  );
}
