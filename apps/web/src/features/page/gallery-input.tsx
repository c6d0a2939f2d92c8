import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import type { PhotoSummary } from '@bo/shared/schemas/photo';
import { PhotoLibraryPicker, type LibraryPhoto } from '../../components/photo-library-picker.tsx';
import './i18n.ts';

type Shown = Pick<PhotoSummary, 'id' | 'title' | 'alt' | 'size_list'>;

/** A project case's gallery: library photos in order (ids), shown from the page's gallery or as picked. */
export function GalleryInput({
  value = [],
  onChange,
  id,
  known,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  id?: string;
  known: Shown[];
}) {
  const { t } = useTranslation('page');
  const [picked, setPicked] = useState<Shown[]>([]);
  const [open, setOpen] = useState(false);
  const byId = new Map([...known, ...picked].map((p) => [p.id, p]));
  return (
    <div className="page-gallery" data-testid="page-gallery">
      {value.map((photoId) => {
        const p = byId.get(photoId);
        const name = p?.title || p?.alt || `#${photoId}`;
        return (
          <figure key={photoId}>
            {p ? <img src={p.size_list.tiny.url} alt={p.alt || p.title} /> : <span>#{photoId}</span>}
            <Button
              size="small"
              shape="circle"
              icon={<CloseOutlined />}
              aria-label={t('removePhoto', { title: name })}
              onClick={() => onChange?.(value.filter((v) => v !== photoId))}
            />
          </figure>
        );
      })}
      <Button id={id} icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="page-gallery-add">
        {t('addPhoto')}
      </Button>
      <PhotoLibraryPicker
        open={open}
        onClose={() => setOpen(false)}
        onPick={(p: LibraryPhoto) => {
          setOpen(false);
          setPicked((all) => [...all, p]);
          if (!value.includes(p.id)) onChange?.([...value, p.id]);
        }}
      />
    </div>
  );
}
