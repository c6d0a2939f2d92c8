import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { Photo } from '@bo/shared/schemas/photo';
import { IMAGE_EXTENSIONS } from '@bo/shared/validators';
import { addTranslations } from '../i18n/index.ts';
import { api } from '../lib/api-client.ts';
import { UploadProgressList, useUploadQueue } from './upload-progress-list.tsx';

addTranslations('photo-picker-upload', {
  'zh-TW': { upload: '上傳新相片', hint: '上傳到公司相簿（網站用）；只上傳一張時直接選用' },
  'en-US': { upload: 'Upload new photos', hint: 'Uploaded to the company’s library (for the website); a single photo is chosen at once' },
});

const ACCEPT = `${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')},image/png,image/jpeg,image/gif`;

/**
 * Issue 42, item 8: a picker that does not dead-end on an empty library. Uploads with the photo
 * library's own upload (one progress bar per file) into the library the picker lists (the company's); one photo
 * uploaded is the one chosen, several refresh the list to choose from.
 */
export function PhotoPickerUpload({ search, onPick }: { search: ReactNode; onPick(photo: Photo): void }) {
  const { t } = useTranslation('photo-picker-upload');
  const qc = useQueryClient();
  const uploads = useUploadQueue();
  const input = useRef<HTMLInputElement>(null);

  const onFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    const picked = [...files];
    const done = await uploads.run(picked, (file, onProgress) =>
      api.upload<Photo>('/api/admin/photo/upload', file, { onProgress, params: { library: 'company' } }),
    );
    if (input.current) input.current.value = '';
    if (done.length) await qc.invalidateQueries({ queryKey: ['photo', 'list'] });
    if (picked.length === 1 && done.length === 1) onPick(done[0]!);
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <div style={{ flex: '1 1 220px' }}>{search}</div>
        <Button icon={<UploadOutlined />} title={t('hint')} onClick={() => input.current?.click()} data-testid="photo-picker-upload">
          {t('upload')}
        </Button>
      </Flex>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        aria-label={t('upload')}
        onChange={(e) => void onFiles(e.target.files)}
        data-testid="photo-picker-file-input"
      />
      <UploadProgressList items={uploads.items} onClear={uploads.clear} />
    </Flex>
  );
}
