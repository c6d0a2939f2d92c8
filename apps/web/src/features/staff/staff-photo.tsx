import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { Staff } from '@bo/shared/schemas/staff';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { useActiveOrganization } from '../../lib/session.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { photoLibraryQuery, useStaffFiles } from './api.ts';
import { useStaffPhotoUrl } from './use-staff-photo-url.ts';
import './i18n.ts';

interface LibraryPhoto {
  id: number;
  title: string;
  original_name: string;
  size_list: { small: { url: string } };
}

/** The staff photo: uploaded here (checked and re-encoded by the server) or picked from the photo library. */
export function StaffPhoto({
  staff,
  canWrite,
  pending,
  onPending,
}: {
  staff?: Staff;
  canWrite: boolean;
  pending: File | null;
  onPending(f: File | null): void;
}) {
  const { t } = useTranslation('staff');
  const files = useStaffFiles();
  const src = useStaffPhotoUrl(staff, pending);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);

  const run = async (fn: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await fn();
      toast.success({ title: ok, duration: SHELL_TOAST.duration });
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="staff-photo" data-testid="staff-photo">
      <div className="staff-photo-frame">
        {src ? <img src={src} alt={staff?.display_name ?? ''} /> : <UserOutlined style={{ fontSize: 40, color: '#bfbfbf' }} />}
      </div>
      <Flex vertical gap={8} align="flex-start">
        {!src ? <Typography.Text type="secondary">{t('noPhoto')}</Typography.Text> : null}
        {canWrite ? (
          <>
            <Upload
              accept=".png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif"
              showUploadList={false}
              beforeUpload={(f) => {
                if (staff) void run(() => files.uploadPhoto(staff.id, f), t('photoUploaded'));
                else onPending(f);
                return false;
              }}
            >
              <Button loading={busy} data-testid="staff-photo-upload">
                {t('uploadPhoto')}
              </Button>
            </Upload>
            {staff ? <Button onClick={() => setPicking(true)}>{t('pickPhoto')}</Button> : null}
            {staff?.has_photo || pending ? (
              <Button
                danger
                type="link"
                style={{ padding: 0 }}
                onClick={() => (staff?.has_photo ? void run(() => files.removePhoto(staff), t('photoRemoved')) : onPending(null))}
              >
                {t('removePhoto')}
              </Button>
            ) : null}
            {!staff ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('photoAfterSave')}
              </Typography.Text>
            ) : null}
          </>
        ) : null}
      </Flex>
      {staff && picking ? (
        <PhotoLibraryPicker
          onClose={() => setPicking(false)}
          onPick={(id) => {
            setPicking(false);
            void run(() => files.pickLibraryPhoto(staff.id, staff, id), t('photoUploaded'));
          }}
        />
      ) : null}
    </div>
  );
}

function PhotoLibraryPicker({ onClose, onPick }: { onClose(): void; onPick(id: number): void }) {
  const { t } = useTranslation('staff');
  const { organization } = useActiveOrganization();
  const [page, setPage] = useState(1);
  const q = useQuery(photoLibraryQuery<LibraryPhoto>(organization?.id ?? null, page, 24));
  const denied = q.error instanceof ApiError && q.error.status === 403;
  return (
    <Modal open title={t('photoLibrary')} footer={null} onCancel={onClose} width={720}>
      {denied ? (
        <EmptyState description={t('photoLibraryDenied')} />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data && q.data.data.length === 0 ? (
        <EmptyState description={t('photoLibraryEmpty')} />
      ) : (
        <>
          <div className="staff-photo-grid">
            {(q.data?.data ?? []).map((p) => (
              <button
                type="button"
                key={p.id}
                onClick={() => onPick(p.id)}
                title={p.title || p.original_name}
                aria-label={`${t('choose')} ${p.title || p.original_name}`}
              >
                <img src={p.size_list.small.url} alt={p.title || p.original_name} loading="lazy" />
              </button>
            ))}
          </div>
          {q.data && q.data.meta.total > 24 ? (
            <Pagination style={{ marginTop: 12 }} simple current={page} pageSize={24} total={q.data.meta.total} onChange={setPage} />
          ) : null}
        </>
      )}
    </Modal>
  );
}
