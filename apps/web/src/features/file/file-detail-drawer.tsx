import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import type { FileItem, SignedLinkOpen } from '@bo/shared/schemas/file';
import { ErrorState } from '../../components/error-state.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { signedLinkOpensQuery } from './api.ts';
import { formatBytes } from './format-bytes.ts';
import './i18n.ts';

const PER_PAGE = 10;

/** A file's detail: what it is, and who opened its signed links (when, from where, which link). */
export function FileDetailDrawer({ file, onClose }: { file: FileItem | null; onClose(): void }) {
  const { t } = useTranslation('file');
  const [page, setPage] = useState(1);
  const q = useQuery({ ...signedLinkOpensQuery(file?.id ?? null, page, PER_PAGE), placeholderData: keepPreviousData });
  const close = () => {
    setPage(1);
    onClose();
  };
  const opens = () => {
    if (q.isPending) return <Skeleton active />;
    if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
    if (q.data.meta.total === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('opensEmpty')} />;
    return (
      <List<SignedLinkOpen>
        dataSource={q.data.data}
        data-testid="file-opens"
        pagination={
          q.data.meta.last_page > 1
            ? { current: page, pageSize: PER_PAGE, total: q.data.meta.total, onChange: setPage, size: 'small', showSizeChanger: false }
            : false
        }
        renderItem={(o) => (
          <List.Item>
            <List.Item.Meta
              title={formatDateTime(o.opened_at, 'YYYY-MM-DD HH:mm:ss')}
              description={
                <>
                  <div>{t('openedFrom', { ip: o.ip ?? t('unknown'), device: o.device ?? t('unknown') })}</div>
                  <Typography.Text type="secondary">
                    {t('openedLink', {
                      signer: o.link.signer.name,
                      signed: formatDateTime(o.link.signed_at),
                      expires: formatDateTime(o.link.expires_at),
                    })}
                    {o.link.note ? ` · ${o.link.note}` : ''}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    );
  };
  return (
    <Drawer open={file !== null} onClose={close} title={file?.name ?? ''} size="large" destroyOnHidden>
      {file ? (
        <div data-testid="file-detail-drawer">
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'type', label: t('type'), children: t(`types.${file.type}`) },
              { key: 'size', label: t('size'), children: formatBytes(file.size) },
              { key: 'created', label: t('createdAt'), children: formatDateTime(file.created_at) },
              { key: 'private', label: t('private'), children: file.is_private ? t('yes') : t('no') },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {q.data ? t('opensTitleCount', { count: q.data.meta.total }) : t('opensTitle')}
          </Typography.Title>
          {opens()}
        </div>
      ) : null}
    </Drawer>
  );
}
