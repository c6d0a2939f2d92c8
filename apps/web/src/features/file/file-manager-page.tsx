import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Breadcrumb from 'antd/es/breadcrumb';
import Checkbox from 'antd/es/checkbox';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import FolderOutlined from '@ant-design/icons/FolderOutlined';
import FolderAddOutlined from '@ant-design/icons/FolderAddOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import FileOutlined from '@ant-design/icons/FileOutlined';
import FileImageOutlined from '@ant-design/icons/FileImageOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import MoreOutlined from '@ant-design/icons/MoreOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { FILE_TYPES, type FileItem } from '@bo/shared/schemas/file';
import { FOLDER_PATTERN } from '@bo/shared/schemas/photo';
import { PageHeader } from '../../components/page-header.tsx';
import { copyToClipboard } from '../../components/copy-button.tsx';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import { UploadProgressList, useUploadQueue } from '../../components/upload-progress-list.tsx';
import { codeSelect, ListFilters } from '../../components/resource/list-filters.tsx';
import { dateTimeColumn, ResourceTable } from '../../components/resource/resource-table.tsx';
import { toastOutcome } from '../../components/resource/toast-outcome.ts';
import { useDeleteRows } from '../../components/resource/use-delete-rows.ts';
import { useListParams } from '../../components/resource/use-list-params.ts';
import { useDevice } from '../../lib/device.ts';
import { useActiveOrganization } from '../../lib/session.ts';
import { absoluteUrl, downloadFile, fileApi, fileListQuery, uploadFile, useCreateTextFile } from './api.ts';
import { SignedLinkModal } from './signed-link-modal.tsx';
import { FileDetailDrawer } from './file-detail-drawer.tsx';
import { formatBytes } from './format-bytes.ts';
import { childFolders, useCreatedFolders } from './created-folders.ts';
import './i18n.ts';
import './file.css';
import { BatchDeleteButton } from '../../components/resource/batch-delete-button.tsx';

const iconFor = (f: FileItem) =>
  f.type === 'image' ? <FileImageOutlined /> : f.type === 'document' ? <FileTextOutlined /> : <FileOutlined />;

export default function FileManagerPage() {
  const { t } = useTranslation('file');
  const { mobile } = useDevice();
  const { organization } = useActiveOrganization();
  const list = useListParams(['folder', 'type'] as const, { sort: 'created_at' });
  const folder = list.params.filters.folder ?? '';
  const query = useQuery(fileListQuery(organization?.id ?? null, { ...list.query, folder }));
  const invalidate = fileApi.useInvalidate();
  const uploads = useUploadQueue();
  const downloads = useDownloads();
  const del = useDeleteRows(fileApi, { confirm: (count) => t('confirmDelete', { count }), done: (count) => t('deleted', { count }) });
  const createText = useCreateTextFile();
  const input = useRef<HTMLInputElement>(null);
  const [isPrivate, setPrivate] = useState(false);
  const [signing, setSigning] = useState<FileItem | null>(null);
  const [detail, setDetail] = useState<FileItem | null>(null);
  const [folderOpen, setFolderOpen] = useState(false);
  const [textOpen, setTextOpen] = useState(false);
  const [folderForm] = Form.useForm<{ name: string }>();
  const [textForm] = Form.useForm<{ name: string; content: string }>();

  const created = useCreatedFolders(organization?.id ?? null);
  const listed = query.data && !query.isPlaceholderData ? query.data.folders : null;
  const { forget } = created;
  useEffect(() => {
    if (listed) forget(listed);
  }, [listed, forget]);
  const serverFolders = query.data?.folders ?? [];
  const emptyFolders = childFolders(created.folders, folder).filter((f) => !serverFolders.includes(f));
  const folders = [...serverFolders, ...emptyFolders].sort((a, b) => a.localeCompare(b));
  const openFolder = (f: string) => list.set({ keyword: '', filters: { folder: f || null } });
  const upload = () => input.current?.click();

  const onFiles = async (picked: FileList | null) => {
    if (!picked?.length) return;
    const done = await uploads.run([...picked], (file, onProgress) => uploadFile(file, { folder, private: isPrivate }, onProgress));
    if (done.length) await invalidate();
    if (input.current) input.current.value = '';
  };

  const actions = (f: FileItem) => [
    {
      key: 'download',
      icon: <DownloadOutlined />,
      label: t('download'),
      onClick: () => void downloads.run(f.name, (p) => downloadFile(f, p)),
    },
    ...(!f.is_private
      ? [{ key: 'copy', icon: <LinkOutlined />, label: t('copyLink'), onClick: () => void copyToClipboard(absoluteUrl(f.url)) }]
      : []),
    { key: 'sign', icon: <SafetyCertificateOutlined />, label: t('signedLink'), onClick: () => setSigning(f) },
    { key: 'detail', icon: <InfoCircleOutlined />, label: t('detail'), onClick: () => setDetail(f) },
    { key: 'delete', icon: <DeleteOutlined />, label: t('delete'), danger: true, onClick: () => void del([f.id], [f.name]) },
  ];

  const columns: ColumnsType<FileItem> = [
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'name',
      ellipsis: true,
      sorter: true,
      fixed: 'left',
      width: mobile ? 200 : undefined,
      render: (_, f) => (
        <Flex gap={8} align="center" className="file-name-cell">
          <span className="file-icon" aria-hidden>
            {iconFor(f)}
          </span>
          <Typography.Text ellipsis title={f.name}>
            {f.name}
          </Typography.Text>
          {f.is_private ? (
            <Tag icon={<LockOutlined />} color="gold" className="file-private-tag">
              {t('privateTag')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    ...(mobile
      ? []
      : [
          { key: 'type', title: t('type'), dataIndex: 'type', width: 100, render: (v: string) => t(`types.${v}`) },
          {
            key: 'size',
            title: t('size'),
            dataIndex: 'size',
            width: 100,
            align: 'right' as const,
            sorter: true,
            render: (v: number) => formatBytes(v),
          },
          {
            ...dateTimeColumn<FileItem>('created_at', t('createdAt')),
            width: 170,
          },
        ]),
    {
      key: 'actions',
      title: t('actions'),
      align: 'right',
      fixed: 'right',
      className: 'resource-row-actions',
      render: (_, f) =>
        mobile ? (
          <Dropdown menu={{ items: actions(f).map(({ onClick, ...i }) => ({ ...i, onClick: () => onClick() })) }} trigger={['click']}>
            <Button size="small" icon={<MoreOutlined />} aria-label={t('more')} data-testid="file-more">
              {t('actions')}
            </Button>
          </Dropdown>
        ) : (
          <Flex gap={4} justify="flex-end" className="file-actions">
            {actions(f).map((a) => (
              <Button
                key={a.key}
                type="text"
                size="small"
                icon={a.icon}
                danger={a.danger}
                onClick={a.onClick}
                data-testid={`file-${a.key}`}
              >
                {a.label}
              </Button>
            ))}
          </Flex>
        ),
    },
  ];

  const crumbs = folder ? folder.split('/') : [];
  const header = (
    <>
      <Tooltip title={t('privateHelp')}>
        <Checkbox checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} data-testid="file-private">
          {t('private')}
        </Checkbox>
      </Tooltip>
      <Button icon={<FolderAddOutlined />} onClick={() => setFolderOpen(true)}>
        {t('newFolder')}
      </Button>
      <Button icon={<FileTextOutlined />} onClick={() => setTextOpen(true)}>
        {t('newText')}
      </Button>
      <Button type="primary" icon={<UploadOutlined />} onClick={upload} data-testid="file-upload">
        {t('upload')}
      </Button>
    </>
  );

  return (
    <div className="page file-page">
      <PageHeader extra={header} />
      <input ref={input} type="file" multiple hidden onChange={(e) => void onFiles(e.target.files)} data-testid="file-input" />
      <UploadProgressList items={uploads.items} onClear={uploads.clear} />
      <DownloadProgress jobs={downloads.jobs} />
      <Breadcrumb
        className="file-breadcrumb"
        items={[
          {
            title: (
              <button type="button" className="file-crumb" onClick={() => openFolder('')} data-testid="folder-root">
                <HomeOutlined /> {t('root')}
              </button>
            ),
          },
          ...crumbs.map((c, i) => ({
            title:
              i === crumbs.length - 1 ? (
                c
              ) : (
                <button type="button" className="file-crumb" onClick={() => openFolder(crumbs.slice(0, i + 1).join('/'))}>
                  {c}
                </button>
              ),
          })),
        ]}
      />
      {folders.length ? (
        <section className="file-folders" aria-label={t('folders')}>
          {folders.map((f) => {
            const name = f.split('/').pop() ?? f;
            const empty = emptyFolders.includes(f);
            return (
              <div key={f} className={empty ? 'file-folder-wrap is-empty' : 'file-folder-wrap'}>
                <button
                  type="button"
                  className="file-folder"
                  onClick={() => openFolder(f)}
                  data-testid="file-folder"
                  title={empty ? t('emptyFolder') : undefined}
                >
                  <FolderOutlined /> <span>{name}</span>
                </button>
                {empty ? (
                  <Button
                    type="text"
                    size="small"
                    className="file-folder-remove"
                    icon={<CloseOutlined />}
                    aria-label={t('removeFolder', { name })}
                    onClick={() => created.remove(f)}
                    data-testid="file-folder-remove"
                  />
                ) : null}
              </div>
            );
          })}
        </section>
      ) : null}
      <ListFilters
        list={list}
        placeholder={t('searchPlaceholder')}
        selects={[codeSelect(t, 'type', FILE_TYPES, { placeholder: 'allTypes', options: 'types', className: 'file-type-filter' })]}
      />
      <ResourceTable<FileItem>
        key={folder}
        query={query}
        list={list}
        columns={columns}
        testId="file-table"
        filtered={!!list.params.keyword || !!list.params.filters.type}
        emptyText={{ empty: t('empty'), noMatch: t('noMatch') }}
        emptyAction={<Button onClick={upload}>{t('emptyAction')}</Button>}
        totalText={(total) => t('total', { total })}
        batchActions={({ ids, rows, clear }) => (
          <BatchDeleteButton
            del={del}
            ids={ids}
            names={rows.map((r) => r.name)}
            clear={clear}
            icon={<DeleteOutlined />}
            label={t('deleteSelected', { count: ids.length })}
            testId="file-delete-selected"
          />
        )}
      />
      <SignedLinkModal file={signing} onClose={() => setSigning(null)} />
      <FileDetailDrawer file={detail} onClose={() => setDetail(null)} />
      <Modal
        open={folderOpen}
        title={t('newFolder')}
        onCancel={() => setFolderOpen(false)}
        destroyOnHidden
        onOk={async () => {
          const { name } = await folderForm.validateFields();
          const path = folder ? `${folder}/${name.trim()}` : name.trim();
          created.add(path);
          setFolderOpen(false);
          openFolder(path);
        }}
      >
        <Form form={folderForm} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label={t('folderName')}
            extra={t('folderHint')}
            rules={[
              { required: true, whitespace: true, message: t('folderInvalid') },
              {
                validator: (_, v: string) =>
                  !v || (FOLDER_PATTERN.test(v.trim()) && !v.includes('/'))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('folderInvalid'))),
              },
            ]}
          >
            <Input maxLength={64} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={textOpen}
        title={t('newText')}
        onCancel={() => setTextOpen(false)}
        confirmLoading={createText.isPending}
        okText={t('create')}
        destroyOnHidden
        onOk={async () => {
          const v = await textForm.validateFields();
          if (
            await toastOutcome(
              () => createText.mutateAsync({ name: v.name.trim(), content: v.content ?? '', folder, private: isPrivate }),
              t('created'),
            )
          )
            setTextOpen(false);
        }}
      >
        <Form form={textForm} layout="vertical" preserve={false} initialValues={{ name: 'notes.txt' }}>
          <Form.Item
            name="name"
            label={t('fileName')}
            rules={[
              { required: true, whitespace: true },
              { pattern: /^[^/\\%]+$/, message: t('folderInvalid') },
            ]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="content" label={t('content')}>
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
