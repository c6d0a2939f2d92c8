import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { addTranslations } from '../i18n/index.ts';
import { useResourceRecord } from './resource/resource-record.ts';
import { type ShownPhoto, usePickedPhoto } from './use-picked-photo.tsx';
import './photo-field.css';

addTranslations('photo-field', {
  'zh-TW': { pick: '從相片庫選擇', change: '更換相片', remove: '移除相片', none: '尚未選擇相片' },
  'en-US': { pick: 'Pick from the photo library', change: 'Change photo', remove: 'Remove photo', none: 'No photo yet' },
});

/**
 * A form input holding a library photo's id (`photo_id`): its thumbnail, pick from the library,
 * remove. The photo shown first is the loaded record's `photo` (resource-record.ts).
 */
export function PhotoField({
  value,
  onChange,
  id,
  recordKey = 'photo',
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  /** The loaded record's field holding the photo's summary. */
  recordKey?: string;
}) {
  const { t } = useTranslation('photo-field');
  const record = useResourceRecord();
  const { shown, pick, picker } = usePickedPhoto(value, record?.[recordKey] as ShownPhoto | null | undefined, onChange);
  return (
    <Flex gap={12} align="center" wrap className="photo-field" data-testid="photo-field">
      <div className="photo-field-frame">
        {shown ? (
          <img src={shown.size_list.small.url} alt={shown.alt || shown.title} />
        ) : (
          <PictureOutlined style={{ fontSize: 28, color: '#8c8c8c' }} aria-hidden />
        )}
      </div>
      <Flex vertical gap={4} align="flex-start">
        {!shown ? <Typography.Text type="secondary">{value == null ? t('none') : `#${value}`}</Typography.Text> : null}
        <Button id={id} onClick={pick} data-testid="photo-field-pick">
          {value == null ? t('pick') : t('change')}
        </Button>
        {value != null ? (
          <Button type="link" danger style={{ padding: 0 }} onClick={() => onChange?.(null)}>
            {t('remove')}
          </Button>
        ) : null}
      </Flex>
      {picker}
    </Flex>
  );
}
