import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import Flex from 'antd/es/flex';
import { videoInput, type Video } from '@bo/shared/schemas/video';
import { currentLanguage } from '../../i18n/index.ts';
import { PhotoField } from '../../components/photo-field.tsx';
import { VideoPlayer } from '../../components/video/video-player.tsx';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';

const L = {
  title: { 'zh-TW': '標題', 'en-US': 'Title' },
  titleEn: { 'zh-TW': '英文標題', 'en-US': 'English title' },
  url: { 'zh-TW': 'YouTube 網址', 'en-US': 'YouTube URL' },
  photo: { 'zh-TW': '封面相片', 'en-US': 'Cover photo' },
  published: { 'zh-TW': '發布', 'en-US': 'Published' },
  draft: { 'zh-TW': '未發布', 'en-US': 'Hidden' },
  order: { 'zh-TW': '排序', 'en-US': 'Order' },
  updated: { 'zh-TW': '更新時間', 'en-US': 'Updated' },
};

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
  schema: videoInput,
  list: { sort: 'sort_order', order: 'asc' },
  createLabel: { 'zh-TW': '新增影片', 'en-US': 'New video' },
  defaults: { published: true, sort_order: 0, photo_id: null },
  filters: [
    {
      name: 'published',
      label: L.published,
      options: [
        { value: 'true', label: L.published },
        { value: 'false', label: L.draft },
      ],
    },
  ],
  rowName: (v) => v.title,
  columns: [
    { key: 'title', title: L.title, sortable: true },
    {
      key: 'photo',
      title: L.photo,
      render: (v) => (v.photo ? <img className="content-thumb" src={v.photo.size_list.tiny.url} alt={v.photo.alt || v.title} /> : '—'),
    },
    { key: 'youtube_id', title: { 'zh-TW': '影片代碼', 'en-US': 'Video id' } },
    {
      key: 'published',
      title: L.published,
      render: (v) => <Tag color={v.published ? 'green' : 'default'}>{(v.published ? L.published : L.draft)[currentLanguage()]}</Tag>,
    },
    { key: 'sort_order', title: L.order, sortable: true },
    { key: 'updated_at', title: L.updated, sortable: true },
  ],
  fields: [
    { name: 'title', label: L.title, required: true, testId: 'video-title' },
    {
      name: 'title_en',
      label: L.titleEn,
      extra: { 'zh-TW': '留空時英文網站顯示中文標題。', 'en-US': 'Empty: the English site shows the Chinese title.' },
    },
    {
      name: 'youtube_url',
      label: L.url,
      required: true,
      input: YoutubeUrlInput as never,
      extra: { 'zh-TW': '貼上 youtu.be 短網址或含 v= 的 YouTube 網址。', 'en-US': 'Paste a youtu.be link or a YouTube link with v=.' },
    },
    { name: 'photo_id', label: L.photo, input: PhotoField as never },
    { name: 'published', label: L.published, input: 'switch' },
    { name: 'sort_order', label: L.order, input: 'number', extra: { 'zh-TW': '數字小的排在前面。', 'en-US': 'Lower numbers come first.' } },
  ],
} satisfies ResourceScreensSpec<Video>;
