import Tag from 'antd/es/tag';
import { BANNER_POSITIONS, bannerInput, type Banner } from '@bo/shared/schemas/banner';
import { formatDay, i18n } from '../../i18n/index.ts';
import { PhotoField } from '../../components/photo-field.tsx';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';
import './i18n.ts';

const k = (key: string) => `banner:${key}`;

const positionOptions = BANNER_POSITIONS.map((p) => ({ value: p, label: k(`positions.${p}`) }));
const day = (v: string | null) => (v ? formatDay(v) : '—');

export default {
  apiPath: '/api/admin/banner',
  history: 'banner',
  review: 'banner',
  schema: bannerInput,
  list: { sort: 'sort_order', order: 'asc' },
  createLabel: k('create'),
  defaults: { position: 'home', sort_order: 0, photo_id: null, starts_on: null, ends_on: null },
  filters: [
    { name: 'position', label: k('position'), options: positionOptions },
    {
      name: 'state',
      label: k('state'),
      options: [
        { value: 'active', label: k('states.active') },
        { value: 'scheduled', label: k('states.scheduled') },
        { value: 'ended', label: k('states.ended') },
      ],
    },
  ],
  order: { scope: { position: 'home' } },
  siteLink: true,
  rowName: (b) => b.title,
  columns: [
    { key: 'title', title: k('title'), sortable: true },
    {
      key: 'photo',
      title: k('image'),
      render: (b) => (b.photo ? <img className="content-thumb" src={b.photo.size_list.tiny.url} alt={b.photo.alt || b.title} /> : '—'),
    },
    { key: 'position', title: k('position'), render: (b) => i18n.t(k(`positions.${b.position}`)) },
    { key: 'starts_on', title: k('starts'), sortable: true, render: (b) => day(b.starts_on) },
    { key: 'ends_on', title: k('ends'), sortable: true, render: (b) => day(b.ends_on) },
    {
      key: 'active',
      title: k('state'),
      render: (b) => <Tag color={b.active ? 'green' : 'default'}>{i18n.t(k(b.active ? 'states.active' : 'states.hidden'))}</Tag>,
    },
    { key: 'sort_order', title: k('order'), sortable: true },
  ],
  fields: [
    {
      name: 'title',
      label: k('title'),
      required: true,
      testId: 'banner-title',
      extra: k('titleHint'),
    },
    { name: 'title_en', label: k('titleEn') },
    { name: 'position', label: k('position'), input: 'select', options: positionOptions, required: true },
    { name: 'photo_id', label: k('image'), input: PhotoField as never, required: true },
    {
      name: 'link',
      label: k('link'),
      testId: 'banner-link',
      extra: k('linkHint'),
    },
    {
      name: 'starts_on',
      label: k('starts'),
      input: 'date',
      extra: k('startsHint'),
    },
    {
      name: 'ends_on',
      label: k('ends'),
      input: 'date',
      extra: k('endsHint'),
    },
    {
      name: 'sort_order',
      label: k('order'),
      input: 'number',
      extra: k('orderHint'),
    },
  ],
} satisfies ResourceScreensSpec<Banner>;
