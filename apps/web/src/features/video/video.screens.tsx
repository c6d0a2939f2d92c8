import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import Flex from 'antd/es/flex';
import { videoInput, type Video } from '@bo/shared/schemas/video';
import { i18n } from '../../i18n/index.ts';
import { PhotoField } from '../../components/photo-field.tsx';
import { VideoPlayer } from '../../components/video/video-player.tsx';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';
import './i18n.ts';

const k = (key: string) => `video:${key}`;

/** The URL, and the video it names playing below it (nothing while there is no YouTube id in it). */
function YoutubeUrlInput({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  return (
    <Flex vertical gap={8}>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder="https://youtu.be/…"
        inputMode="url"
        data-testid="video-url"
      />
      <VideoPlayer url={value} title={value ?? ''} />
    </Flex>
  );
}

export default {
  apiPath: '/api/admin/video',
  review: 'video',
  schema: videoInput,
  list: { sort: 'sort_order', order: 'asc' },
  createLabel: k('create'),
  defaults: { published: true, sort_order: 0, photo_id: null },
  filters: [
    {
      name: 'published',
      label: k('published'),
      options: [
        { value: 'true', label: k('published') },
        { value: 'false', label: k('draft') },
      ],
    },
  ],
  rowName: (v) => v.title,
  columns: [
    { key: 'title', title: k('title'), sortable: true },
    {
      key: 'photo',
      title: k('photo'),
      render: (v) => (v.photo ? <img className="content-thumb" src={v.photo.size_list.tiny.url} alt={v.photo.alt || v.title} /> : '—'),
    },
    { key: 'youtube_id', title: k('youtubeId') },
    {
      key: 'published',
      title: k('published'),
      render: (v) => <Tag color={v.published ? 'green' : 'default'}>{i18n.t(k(v.published ? 'published' : 'draft'))}</Tag>,
    },
    { key: 'sort_order', title: k('order'), sortable: true },
    { key: 'updated_at', title: k('updated'), sortable: true },
  ],
  fields: [
    { name: 'title', label: k('title'), required: true, testId: 'video-title' },
    {
      name: 'title_en',
      label: k('titleEn'),
      extra: k('titleEnHint'),
    },
    {
      name: 'youtube_url',
      label: k('url'),
      required: true,
      input: YoutubeUrlInput as never,
      extra: k('urlHint'),
    },
    { name: 'photo_id', label: k('photo'), input: PhotoField as never },
    { name: 'published', label: k('published'), input: 'switch' },
    { name: 'sort_order', label: k('order'), input: 'number', extra: k('orderHint') },
  ],
} satisfies ResourceScreensSpec<Video>;
