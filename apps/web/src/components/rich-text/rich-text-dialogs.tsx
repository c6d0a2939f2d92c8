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
  title: string;
  testId: string;
  onCancel(): void;
  onFinish(values: V): void;
  initialValues?: Partial<V>;
  /** The address field: its name, words, what it refuses and the placeholder. */
  url: {
    name: string;
    label: string;
    hint: string;
    valid(v: string): boolean;
    invalid: string;
    placeholder: string;
    testId: string;
  };
  children?: ReactNode;
}

/** A dialog asking for an address (and what `children` add), inserted on OK or Enter. */
function UrlDialog<V>({ form, title, testId, onCancel, onFinish, initialValues, url, children }: UrlDialogProps<V>) {
  const { t } = useTranslation('rich-text');
  return (
    <Modal
      open
      title={title}
      okText={t('insert')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      width={480}
      data-testid={testId}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
        <Form.Item
          name={url.name}
          label={url.label}
          extra={url.hint}
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
            data-testid={url.testId}
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
      title={t('linkTitle')}
      testId="rich-text-link-dialog"
      onCancel={onCancel}
      initialValues={{ href: initial }}
      onFinish={(v) => onSubmit(v.href.trim())}
      url={{
        name: 'href',
        label: t('linkUrl'),
        hint: t('linkUrlHint'),
        valid: isRichTextUrl,
        invalid: t('linkUrlInvalid'),
        placeholder: 'https://',
        testId: 'rich-text-link-url',
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
      title={t('youtubeTitle')}
      testId="rich-text-youtube-dialog"
      onCancel={onCancel}
      onFinish={(v) => {
        const videoId = youtubeVideoId(v.url);
        if (videoId) onSubmit(videoId, v.title?.trim() ?? '');
      }}
      url={{
        name: 'url',
        label: t('youtubeUrl'),
        hint: t('youtubeUrlHint'),
        valid: (v) => !!youtubeVideoId(v),
        invalid: t('youtubeNoId'),
        placeholder: 'https://youtu.be/',
        testId: 'rich-text-youtube-url',
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
