import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { type ShownPhoto, usePickedPhoto } from '../../components/use-picked-photo.tsx';
import './i18n.ts';

/** An instance's photo from the library, small: its thumbnail opens the picker, × removes it. */
export function InstancePhotoInput({
  value,
  onChange,
  known,
  name,
  disabled,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  known: ShownPhoto | null;
  name: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('product');
  const { shown, pick, picker } = usePickedPhoto(value, known, onChange);
  return (
    <span className="product-instance-photo">
      <Button
        size="small"
        disabled={disabled}
        onClick={pick}
        aria-label={t(value == null ? 'pickInstancePhoto' : 'changeInstancePhoto', { name })}
        icon={shown ? <img src={shown.size_list.tiny.url} alt="" /> : <PictureOutlined />}
        style={shown ? { padding: 0, width: 32, height: 32, overflow: 'hidden' } : undefined}
        data-testid="instance-photo"
      />
      {value != null && !disabled ? (
        <Button
          size="small"
          type="text"
          icon={<CloseOutlined />}
          onClick={() => onChange?.(null)}
          aria-label={t('removeInstancePhoto', { name })}
        />
      ) : null}
      {picker}
    </span>
  );
}
