import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { formatRocDate } from '@bo/shared/dates';
import type { EvidenceKind } from '@bo/shared/schemas/staff-evidence';
import { errorText } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import type { useDownloads } from '../../components/download-progress.tsx';
import { evidenceFile, evidenceQuery, useEvidenceWrites, type EvidenceRow } from './api.ts';
import { EVIDENCE_FIELDS, type EvidenceField } from './evidence-fields.ts';
import { EvidenceFormModal } from './evidence-form-modal.tsx';
import { EvidenceReveal } from './evidence-reveal.tsx';
import './i18n.ts';

const SCAN_ACCEPT = 'application/pdf,image/png,image/jpeg,image/gif';

/** One kind of a staff member's evidence: its rows, add and edit in a dialog, delete, the scan (upload with progress, download), reveal. */
export function EvidenceTable(props: {
  staffId: number;
  kind: EvidenceKind;
  canWrite: boolean;
  canReveal: boolean;
  downloads: ReturnType<typeof useDownloads>;
}) {
  const { staffId, kind, canWrite, canReveal, downloads } = props;
  const { t } = useTranslation('staff-evidence');
  const query = useQuery(evidenceQuery(staffId, kind));
  const writes = useEvidenceWrites(staffId, kind);
  const [editing, setEditing] = useState<EvidenceRow | 'new' | null>(null);
  const [uploading, setUploading] = useState<{ id: number; percent: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadFor = useRef<number | null>(null);
  const version = query.data?.version ?? 0;
  const { fields, columns } = EVIDENCE_FIELDS[kind];

  const act = async (p: Promise<unknown>, done?: string) => {
    try {
      await p;
      if (done) toast.success({ title: done });
    } catch (e) {
      toast.error({ title: t('saveFailed'), description: errorText(e) });
    }
  };

  const pick = (id: number) => {
    uploadFor.current = id;
    fileInput.current?.click();
  };
  const upload = async (file: File | undefined) => {
    const id = uploadFor.current;
    if (!file || id === null) return;
    setUploading({ id, percent: 0 });
    try {
      await writes.upload(id, file, (percent) => setUploading({ id, percent }));
    } catch (e) {
      toast.error({ title: t('uploadFailed'), description: errorText(e) });
    } finally {
      setUploading(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const cell = (f: EvidenceField, row: EvidenceRow) => {
    const v = (row as unknown as Record<string, unknown>)[f.name];
    if (v === null || v === undefined || v === '') return '—';
    if (f.type === 'select') return t(`options.${f.name}.${String(v)}`);
    if (f.type === 'day' || f.type === 'pastDay') return <span title={String(v)}>{formatRocDate(String(v))}</span>;
    if (f.sealed && canReveal)
      return (
        <EvidenceReveal staffId={staffId} kind={kind} rowId={row.id} field={f.name} label={t(`fields.${f.name}`)} masked={String(v)} />
      );
    return String(v);
  };

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const tableColumns = [
    ...columns.map((name) => {
      const f = fields.find((x) => x.name === name)!;
      return { key: name, title: t(`fields.${name}`), render: (_: unknown, row: EvidenceRow) => cell(f, row) };
    }),
    {
      key: 'file',
      title: t('file'),
      render: (_: unknown, row: EvidenceRow) =>
        uploading?.id === row.id ? (
          <Progress percent={uploading.percent} size="small" aria-label={t('uploading', { percent: uploading.percent })} />
        ) : (
          <Space size={4} wrap>
            {row.has_file ? (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                aria-label={`${t('download')} ${row.file_name ?? ''}`}
                onClick={() => void downloads.run(row.file_name ?? t('file'), (p) => evidenceFile(staffId, kind, row.id, p))}
              >
                {t('download')}
              </Button>
            ) : (
              <span>{t('noFile')}</span>
            )}
            {canWrite ? (
              <Button size="small" icon={<UploadOutlined />} onClick={() => pick(row.id)} disabled={!!uploading}>
                {row.has_file ? t('replace') : t('upload')}
              </Button>
            ) : null}
            {canWrite && row.has_file ? (
              <Popconfirm title={t('removeFile')} onConfirm={() => act(writes.removeFile(row.id, version))}>
                <Button size="small" danger type="link">
                  {t('removeFile')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('actions'),
            render: (_: unknown, row: EvidenceRow) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setEditing(row)}>
                  {t('edit')}
                </Button>
                <Popconfirm title={t('deleteConfirm')} onConfirm={() => act(writes.remove(row.id, version), t('deleted'))}>
                  <Button size="small" type="link" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="evidence-table" data-testid={`evidence-${kind}`}>
      {canWrite ? (
        <Flex justify="end" style={{ marginBottom: 8 }}>
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={`evidence-add-${kind}`}>
            {t('add')}
          </Button>
        </Flex>
      ) : null}
      <TableScrollRegion label={t(`tabs.${kind}`)}>
        <Table<EvidenceRow>
          rowKey="id"
          size="small"
          loading={query.isPending}
          dataSource={query.data?.data ?? []}
          columns={tableColumns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState description={t('empty')} /> }}
        />
      </TableScrollRegion>
      <input
        ref={fileInput}
        type="file"
        accept={SCAN_ACCEPT}
        hidden
        aria-label={t('upload')}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <EvidenceFormModal
        kind={kind}
        open={editing !== null}
        row={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSave={(body) => (editing === 'new' || editing === null ? writes.create(body, version) : writes.update(editing.id, body, version))}
      />
    </div>
  );
}
