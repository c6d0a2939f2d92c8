import type { KeyboardEvent as ReactKeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { composing } from './composing.ts';
import { isRichTextUrl } from './rich-text-url.ts';
import { youtubeVideoId } from './youtube-node.ts';
import './i18n.ts';

/**
 * Enter in a dialog's field inserts. Its keydown is consumed: a form of two fields has no implicit
 * submission, and the key's default action must not reach the editor that takes the focus back.
 */
const submitOnEnter = (form: FormInstance) => (e: ReactKeyboardEvent<HTMLInputElement>) => {
  if (composing(e.nativeEvent)) return;
  e.preventDefault();
  form.submit();
};

interface UrlDialogProps<V> {
  form: FormInstance<V>;
  /** Its words (`{kind}Title`, `{kind}Url`, `{kind}UrlHint`) and test ids (`rich-text-{kind}-dialog`, `rich-text-{kind}-url`). */
  kind: 'link' | 'youtube';
  onCancel(): void;
  onFinish(values: V): void;
  initialValues?: Partial<V>;
  /** The address field: its name, what it refuses (and says then) and the placeholder. */
  url: {
    name: string;
    valid(v: string): boolean;
    invalid: string;
    placeholder: string;
  };
  children?: ReactNode;
}

/** A dialog asking for an address (and what `children` add), inserted on OK or Enter. */
function UrlDialog<V>({ form, kind, onCancel, onFinish, initialValues, url, children }: UrlDialogProps<V>) {
  const { t } = useTranslation('rich-text');
  return (
    <Modal
      open
      title={t(`${kind}Title`)}
      okText={t('insert')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      width={480}
      data-testid={`rich-text-${kind}-dialog`}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
        <Form.Item
          name={url.name}
          label={t(`${kind}Url`)}
          extra={t(`${kind}UrlHint`)}
          rules={[
            { required: true, whitespace: true, message: t('validate.error.required', { ns: 'common' }) },
            {
              validator: async (_r, v: string | undefined) =>
                !v?.trim() || url.valid(v) ? undefined : Promise.reject(new Error(url.invalid)),
            },
          ]}
        >
          <Input
            autoFocus
            inputMode="url"
            autoComplete="off"
            placeholder={url.placeholder}
            onPressEnter={submitOnEnter(form)}
            data-testid={`rich-text-${kind}-url`}
          />
        </Form.Item>
        {children}
      </Form>
    </Modal>
  );
}

export function LinkDialog({ initial, onCancel, onSubmit }: { initial: string; onCancel(): void; onSubmit(href: string): void }) {
  const { t } = useTranslation('rich-text');
  const [form] = Form.useForm<{ href: string }>();
  return (
    <UrlDialog
      form={form}
      kind="link"
      onCancel={onCancel}
      initialValues={{ href: initial }}
      onFinish={(v) => onSubmit(v.href.trim())}
      url={{
        name: 'href',
        valid: isRichTextUrl,
        invalid: t('linkUrlInvalid'),
        placeholder: 'https://',
      }}
    />
  );
}

export function YouTubeDialog({ onCancel, onSubmit }: { onCancel(): void; onSubmit(videoId: string, title: string): void }) {
  const { t } = useTranslation('rich-text');
  const [form] = Form.useForm<{ url: string; title?: string }>();
  return (
    <UrlDialog
      form={form}
      kind="youtube"
      onCancel={onCancel}
      onFinish={(v) => {
        const videoId = youtubeVideoId(v.url);
        if (videoId) onSubmit(videoId, v.title?.trim() ?? '');
      }}
      url={{
        name: 'url',
        valid: (v) => !!youtubeVideoId(v),
        invalid: t('youtubeNoId'),
        placeholder: 'https://youtu.be/',
      }}
    >
      <Form.Item name="title" label={t('youtubeVideoTitle')}>
        <Input
          maxLength={200}
          autoComplete="off"
          placeholder={t('youtubeDefaultTitle')}
          onPressEnter={submitOnEnter(form)}
          data-testid="rich-text-youtube-title"
        />
      </Form.Item>
    </UrlDialog>
  );
}
