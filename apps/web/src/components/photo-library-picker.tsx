import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import type { Photo } from '@bo/shared/schemas/photo';
import { addTranslations } from '../i18n/index.ts';
import { ApiError, api } from '../lib/api-client.ts';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { PhotoPickerUpload } from './photo-picker-upload.tsx';

addTranslations('photo-library-picker', {
  'zh-TW': {
    title: '從相簿選擇圖片',
    search: '搜尋相片標題或檔名',
    choose: '選擇 {{title}}',
    empty: '相簿裡還沒有相片，可用上方「上傳新相片」加入',
    noMatch: '沒有符合「{{keyword}}」的相片',
    denied: '你沒有使用公司相簿的權限，請洽管理員開通網站編輯權限。',
    total: '共 {{total}} 張',
  },
  'en-US': {
    title: 'Choose a photo from the library',
    search: 'Search photo titles or file names',
    choose: 'Choose {{title}}',
    empty: 'The photo library has no photos yet; add some with “Upload new photos” above',
    noMatch: 'No photo matches “{{keyword}}”',
    denied: 'You have no access to the company’s photo library; ask an administrator for a website editing role.',
    total: '{{total}} photos',
  },
});

/** What the picker hands over: enough to show the photo and to point back at it. */
export type LibraryPhoto = Pick<Photo, 'id' | 'title' | 'alt' | 'original_name' | 'size_list'>;

export interface PhotoLibraryPickerProps {
  open: boolean;
  onClose(): void;
  onPick(photo: LibraryPhoto): void;
}

const PER_PAGE = 24;

const gridStyle = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))', gap: 8 } as const;
const itemStyle = {
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  padding: 4,
  border: '1px solid var(--bo-border-soft, #f0f0f0)',
  borderRadius: 8,
  background: 'none',
  cursor: 'pointer',
  minWidth: 0,
  font: 'inherit',
  color: 'inherit',
  textAlign: 'left',
} as const;
const thumbStyle = { width: '100%', aspectRatio: '1', objectFit: 'cover', display: 'block', borderRadius: 4 } as const;
const captionStyle = { fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * A photo of the company's library (`GET /api/admin/photo/index?library=company`): website content
 * belongs to the site, so its pickers never read an organization's photos, whichever the header
 * selects (issue 42). Search, pages of 24, newest first, and an upload into that library. Those
 * without a website role read why.
 */
export function PhotoLibraryPicker({ open, onClose, onPick }: PhotoLibraryPickerProps) {
  const { t } = useTranslation('photo-library-picker');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const query = { page, per_page: PER_PAGE, sort: 'id', order: 'desc', ...(keyword ? { keyword } : {}) };
  const q = useQuery({
    queryKey: ['photo', 'list', 'company', { ...query, picker: 'library' }],
    queryFn: ({ signal }) =>
      api.get<{ data: LibraryPhoto[]; meta: { total: number } }>('/api/admin/photo/index', { ...query, library: 'company' }, { signal }),
    enabled: open,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const denied = q.error instanceof ApiError && q.error.status === 403;
  const photos = q.data?.data ?? [];
  const total = q.data?.meta.total ?? 0;
  const name = (p: LibraryPhoto) => p.title || p.original_name;

  return (
    <Modal open={open} title={t('title')} footer={null} onCancel={onClose} width={760} destroyOnHidden data-testid="photo-library-picker">
      {denied ? (
        <EmptyState description={t('denied')} />
      ) : (
        <Flex vertical gap={12}>
          <PhotoPickerUpload
            onPick={onPick}
            search={
              <Input.Search
                allowClear
                placeholder={t('search')}
                aria-label={t('search')}
                maxLength={100}
                onSearch={(v) => {
                  setKeyword(v.trim());
                  setPage(1);
                }}
                data-testid="photo-library-search"
              />
            }
          />
          {q.isError ? (
            <ErrorState error={q.error} onRetry={() => void q.refetch()} />
          ) : q.isPending ? (
            <Flex justify="center" style={{ padding: 32 }}>
              <Spin />
            </Flex>
          ) : photos.length === 0 ? (
            <EmptyState description={keyword ? t('noMatch', { keyword }) : t('empty')} />
          ) : (
            <>
              <div style={{ ...gridStyle, maxHeight: '60vh', overflow: 'auto', opacity: q.isPlaceholderData ? 0.6 : 1 }}>
                {photos.map((p) => (
                  <button
                    type="button"
                    key={p.id}
                    style={itemStyle}
                    onClick={() => onPick(p)}
                    title={name(p)}
                    aria-label={t('choose', { title: name(p) })}
                    data-testid={`photo-library-item-${p.id}`}
                  >
                    <img src={p.size_list.small.url} alt="" loading="lazy" style={thumbStyle} />
                    <span style={captionStyle}>{name(p)}</span>
                  </button>
                ))}
              </div>
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Text type="secondary">{t('total', { total })}</Typography.Text>
                {total > PER_PAGE ? <Pagination simple current={page} pageSize={PER_PAGE} total={total} onChange={setPage} /> : null}
              </Flex>
            </>
          )}
        </Flex>
      )}
    </Modal>
  );
}
