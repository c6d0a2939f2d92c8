import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Segmented from 'antd/es/segmented';
import Typography from 'antd/es/typography';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import dayjs from 'dayjs';
import { ROLES } from '@bo/shared/permissions';
import { IMAGE_EXTENSIONS } from '@bo/shared/validators';
import type { Photo, PhotoLibrary } from '@bo/shared/schemas/photo';
import { PageHeader } from '../../components/page-header.tsx';
import { InterruptedWorkNotice } from '../../components/interrupted-work-notice.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { ImageViewer } from '../../components/image-viewer.tsx';
import { UploadProgressList, useUploadQueue } from '../../components/upload-progress-list.tsx';
import { ListFilters } from '../../components/resource/list-filters.tsx';
import { useListParams, pageSizeOptions } from '../../components/resource/use-list-params.ts';
import { toastOutcome } from '../../components/resource/toast-outcome.ts';
import { useDevice } from '../../lib/device.ts';
import { useActiveOrganization, useSession } from '../../lib/session.ts';
import { fetchPhotoUses, photoListQuery, uploadPhoto, usePatchPhoto, useRemovePhotos } from './api.ts';
import { useDeletePhotos } from './use-delete-photos.tsx';
import { photoSizeOrder, pickVariant, toViewerImage } from './photo-size.ts';
import './i18n.ts';
import './photo.css';

const ACCEPT = `${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')},image/png,image/jpeg,image/gif`;

function PhotoEditModal({ library, photo, onClose }: { library: PhotoLibrary; photo: Photo | null; onClose(): void }) {
  const { t } = useTranslation('photo');
  const patch = usePatchPhoto(library);
  const [form] = Form.useForm<{ title: string; alt: string; tags: string[] }>();
  const save = async () => {
    if (!photo) return;
    const v = await form.validateFields();
    const saved = await toastOutcome(async () => {
      if (v.title !== photo.title) await patch.mutateAsync({ id: photo.id, patch: { field: 'title', value: v.title ?? '' } });
      if (v.alt !== photo.alt) await patch.mutateAsync({ id: photo.id, patch: { field: 'alt', value: v.alt ?? '' } });
      if (JSON.stringify(v.tags ?? []) !== JSON.stringify(photo.tags))
        await patch.mutateAsync({ id: photo.id, patch: { field: 'tags', value: v.tags ?? [] } });
    }, t('saved'));
    if (saved) onClose();
  };
  return (
    <Modal
      open={!!photo}
      title={t('editTitle')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={patch.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'photo-edit-save' } as Record<string, string>}
    >
      {photo ? (
        <Form form={form} layout="vertical" initialValues={{ title: photo.title, alt: photo.alt, tags: photo.tags }} preserve={false}>
          <Form.Item name="title" label={t('title')} rules={[{ max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="alt" label={t('alt')} extra={t('altHelp')} rules={[{ max: 500 }]}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Form.Item name="tags" label={t('tags')} extra={t('tagsHelp')}>
            <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

export default function PhotoLibraryPage() {
  const { t } = useTranslation('photo');
  const { mobile } = useDevice();
  const session = useSession();
  const { organization } = useActiveOrganization();
  const canEdit = session.can(ROLES.photo);
  // Issue 42: the company's photos (what the website shows) beside the organization's, for those whose
  // role reaches them; with no organization selected the library is the company's already.
  const [chosen, setChosen] = useState<PhotoLibrary>('organization');
  const switchable = organization !== null && session.can(ROLES.companyPhotos);
  const library: PhotoLibrary = switchable && chosen === 'company' ? 'company' : 'organization';
  const list = useListParams(['tag', 'date_from', 'date_to'] as const, { sort: 'created_at', per_page: 20 });
  const query = useQuery(photoListQuery(library, organization?.id ?? null, list.query));
  const qc = useQueryClient();
  const uploads = useUploadQueue();
  const removePhotos = useRemovePhotos(library);
  const del = useDeletePhotos({
    uses: (ids) => fetchPhotoUses(library, ids),
    remove: (ids, confirmUses) => removePhotos.mutateAsync({ ids, confirmUses }),
  });
  const deleting = useIsMutating() > 0;
  const fileInput = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<Photo | null>(null);

  const photos = query.data?.data ?? [];
  const viewerImages = useMemo(() => photos.map((p) => toViewerImage(p, mobile)), [photos, mobile]);
  const thumbOrder = photoSizeOrder(mobile, 'thumbnail');

  const onFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    const done = await uploads.run([...files], (file, onProgress) => uploadPhoto(library, file, {}, onProgress));
    if (done.length) await qc.invalidateQueries({ queryKey: ['photo', 'list'] });
    if (fileInput.current) fileInput.current.value = '';
  };

  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  const allOnPage = photos.length > 0 && photos.every((p) => selected.has(p.id));

  const deleteSelected = async () => {
    const names = photos.filter((p) => selected.has(p.id)).map((p) => p.title || p.original_name);
    if (await del([...selected], names)) setSelected(new Set());
  };

  const range =
    list.params.filters.date_from && list.params.filters.date_to
      ? ([dayjs(list.params.filters.date_from), dayjs(list.params.filters.date_to)] as [dayjs.Dayjs, dayjs.Dayjs])
      : null;

  const uploadButton = (
    <Button type="primary" icon={<UploadOutlined />} onClick={() => fileInput.current?.click()} data-testid="photo-upload">
      {t('upload')}
    </Button>
  );

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div className="photo-grid">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, nothing else to tell them apart
          <Skeleton.Image key={i} active className="photo-skeleton" />
        ))}
      </div>
    );
  } else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!photos.length) {
    body = (
      <EmptyState
        description={list.filtered ? t('noMatch') : t('empty')}
        action={!list.filtered && canEdit ? <Button onClick={() => fileInput.current?.click()}>{t('emptyAction')}</Button> : undefined}
      />
    );
  } else {
    body = (
      <>
        <ul className="photo-grid" data-testid="photo-grid">
          {photos.map((p, i) => {
            const thumb = pickVariant(p, thumbOrder);
            const name = p.title || p.original_name || t('untitled');
            return (
              <li key={p.id} className={`photo-card${selected.has(p.id) ? ' is-selected' : ''}`} data-testid="photo-card">
                <button type="button" className="photo-thumb" onClick={() => setViewing(i)} aria-label={t('open', { name })}>
                  <picture>
                    {thumb.webp_url ? <source srcSet={thumb.webp_url} type="image/webp" /> : null}
                    <img src={thumb.url} alt={p.alt || name} loading="lazy" width={thumb.width} height={thumb.height} />
                  </picture>
                </button>
                {canEdit ? (
                  <Checkbox
                    className="photo-check"
                    checked={selected.has(p.id)}
                    onChange={(e) => toggle(p.id, e.target.checked)}
                    aria-label={t('select', { name })}
                    data-testid="photo-select"
                  />
                ) : null}
                <div className="photo-meta">
                  <Typography.Text ellipsis className="photo-name" title={name}>
                    {name}
                  </Typography.Text>
                  <Flex justify="space-between" align="center" gap={4}>
                    <Typography.Text type="secondary" className="photo-dims">
                      {t('size', { width: p.width, height: p.height })}
                    </Typography.Text>
                    {canEdit ? (
                      <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => setEditing(p)} />
                    ) : null}
                  </Flex>
                </div>
              </li>
            );
          })}
        </ul>
        <Flex justify="space-between" align="center" wrap gap={8} className="photo-footer">
          <Typography.Text type="secondary">{t('total', { total: query.data?.meta.total ?? 0 })}</Typography.Text>
          <Pagination
            current={list.params.page}
            pageSize={list.params.per_page}
            total={query.data?.meta.total ?? 0}
            size={mobile ? 'small' : undefined}
            showSizeChanger={!mobile}
            pageSizeOptions={pageSizeOptions}
            onChange={(page, per_page) => list.set(per_page !== list.params.per_page ? { per_page } : { page })}
          />
        </Flex>
      </>
    );
  }

  return (
    <div className="page photo-page">
      <PageHeader extra={canEdit ? uploadButton : undefined} />
      {canEdit ? <InterruptedWorkNotice kind="photo_upload" /> : null}
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        onChange={(e) => void onFiles(e.target.files)}
        data-testid="photo-file-input"
      />
      {switchable ? (
        <Flex vertical gap={4} className="photo-library-switch">
          <Segmented<PhotoLibrary>
            value={library}
            onChange={(v) => {
              setChosen(v);
              setSelected(new Set());
              list.set({ page: 1 });
            }}
            options={[
              { value: 'company', label: t('companyLibrary') },
              { value: 'organization', label: organization?.name ?? '' },
            ]}
            aria-label={t('libraryChoice')}
            data-testid="photo-library-switch"
          />
          <Typography.Text type="secondary">{library === 'company' ? t('companyHint') : t('organizationHint')}</Typography.Text>
        </Flex>
      ) : null}
      {!canEdit ? <Alert type="info" showIcon message={t('readOnly')} className="photo-readonly" /> : null}
      <UploadProgressList items={uploads.items} onClear={uploads.clear} />
      <ListFilters list={list} placeholder={t('searchPlaceholder')}>
        <Input
          allowClear
          className="photo-tag-filter"
          placeholder={t('tagPlaceholder')}
          aria-label={t('tag')}
          defaultValue={list.params.filters.tag}
          key={list.params.filters.tag ?? ''}
          onPressEnter={(e) => list.set({ filters: { tag: (e.target as HTMLInputElement).value.trim() } })}
          onChange={(e) => {
            if (!e.target.value) list.set({ filters: { tag: null } });
          }}
        />
        <DatePicker.RangePicker
          aria-label={t('dateRange')}
          value={range}
          allowEmpty={[true, true]}
          className="photo-date-filter"
          onChange={(v) =>
            list.set({ filters: { date_from: v?.[0]?.format('YYYY-MM-DD') ?? null, date_to: v?.[1]?.format('YYYY-MM-DD') ?? null } })
          }
        />
      </ListFilters>
      {canEdit && photos.length ? (
        <Flex gap={8} align="center" wrap className="photo-selection">
          <Checkbox
            checked={allOnPage}
            indeterminate={!allOnPage && photos.some((p) => selected.has(p.id))}
            onChange={(e) => setSelected(e.target.checked ? new Set(photos.map((p) => p.id)) : new Set())}
          >
            {t('selectAll')}
          </Checkbox>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!selected.size}
            loading={deleting}
            onClick={() => void deleteSelected()}
            data-testid="photo-delete-selected"
          >
            {t('deleteSelected', { count: selected.size })}
          </Button>
        </Flex>
      ) : null}
      {body}
      <ImageViewer images={viewerImages} index={viewing} onIndexChange={setViewing} />
      <PhotoEditModal library={library} photo={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
