import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import type { PhotoSummary } from '@bo/shared/schemas/photo';
import { addTranslations } from '../i18n/index.ts';
import { PhotoLibraryPicker, type LibraryPhoto } from './photo-library-picker.tsx';
import './gallery-input.css';

addTranslations('gallery-input', {
  'zh-TW': {
    add: '加入相片',
    remove: '移除 {{title}}',
    earlier: '{{title}} 往前移',
    later: '{{title}} 往後移',
    cover: '封面',
  },
  'en-US': {
    add: 'Add photo',
    remove: 'Remove {{title}}',
    earlier: 'Move {{title}} earlier',
    later: 'Move {{title}} later',
    cover: 'Cover',
  },
});

type Shown = Pick<PhotoSummary, 'id' | 'title' | 'alt' | 'size_list'>;

/** Moves the item at `from` one place towards `to` (-1 earlier, +1 later); the same list at either end. */
export function moveItem<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * Library photos in order (their ids): shown from the record's photos (`known`) or as picked, each
 * with remove and, with `ordered`, earlier/later buttons; `coverFirst` marks the first as the cover.
 */
export function GalleryInput({
  value = [],
  onChange,
  id,
  known,
  ordered,
  coverFirst,
  testId = 'gallery',
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  id?: string;
  known: Shown[];
  /** Earlier/later buttons on each photo. */
  ordered?: boolean;
  /** The first photo is marked as the cover. */
  coverFirst?: boolean;
  /** data-testid of the gallery; its add button is `<testId>-add`. */
  testId?: string;
}) {
  const { t } = useTranslation('gallery-input');
  const [picked, setPicked] = useState<Shown[]>([]);
  const [open, setOpen] = useState(false);
  const byId = new Map([...known, ...picked].map((p) => [p.id, p]));
  return (
    <div className="gallery-input" data-testid={testId}>
      {value.map((photoId, i) => {
        const p = byId.get(photoId);
        const name = p?.title || p?.alt || `#${photoId}`;
        return (
          <figure key={photoId} className={ordered ? 'gallery-input-ordered' : undefined}>
            {p ? <img src={p.size_list.tiny.url} alt={p.alt || p.title} /> : <span>#{photoId}</span>}
            {coverFirst && i === 0 ? (
              <Tag color="blue" className="gallery-input-cover">
                {t('cover')}
              </Tag>
            ) : null}
            <Button
              size="small"
              shape="circle"
              className="gallery-input-remove"
              icon={<CloseOutlined />}
              aria-label={t('remove', { title: name })}
              onClick={() => onChange?.(value.filter((v) => v !== photoId))}
            />
            {ordered && value.length > 1 ? (
              <span className="gallery-input-move">
                {i > 0 ? (
                  <Button
                    size="small"
                    icon={<LeftOutlined />}
                    aria-label={t('earlier', { title: name })}
                    onClick={() => onChange?.(moveItem(value, i, -1))}
                  />
                ) : null}
                {i < value.length - 1 ? (
                  <Button
                    size="small"
                    icon={<RightOutlined />}
                    aria-label={t('later', { title: name })}
                    onClick={() => onChange?.(moveItem(value, i, 1))}
                  />
                ) : null}
              </span>
            ) : null}
          </figure>
        );
      })}
      <Button id={id} icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid={`${testId}-add`}>
        {t('add')}
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
