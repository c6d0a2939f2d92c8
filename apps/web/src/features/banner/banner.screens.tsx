import Tag from 'antd/es/tag';
import { BANNER_POSITION_LABELS, BANNER_POSITIONS, bannerInput, type Banner } from '@bo/shared/schemas/banner';
import { currentLanguage, formatDay } from '../../i18n/index.ts';
import { PhotoField } from '../../components/photo-field.tsx';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';
import { BannerOrderButton } from './banner-order.tsx';

const L = {
  title: { 'zh-TW': '標題', 'en-US': 'Title' },
  titleEn: { 'zh-TW': '英文標題', 'en-US': 'English title' },
  position: { 'zh-TW': '位置', 'en-US': 'Position' },
  image: { 'zh-TW': '圖片', 'en-US': 'Image' },
  link: { 'zh-TW': '連結', 'en-US': 'Link' },
  starts: { 'zh-TW': '開始日', 'en-US': 'Starts on' },
  ends: { 'zh-TW': '結束日', 'en-US': 'Ends on' },
  order: { 'zh-TW': '排序', 'en-US': 'Order' },
  state: { 'zh-TW': '狀態', 'en-US': 'State' },
  active: { 'zh-TW': '顯示中', 'en-US': 'Showing' },
  scheduled: { 'zh-TW': '尚未開始', 'en-US': 'Scheduled' },
  ended: { 'zh-TW': '已結束', 'en-US': 'Ended' },
  hidden: { 'zh-TW': '未顯示', 'en-US': 'Not showing' },
};

const positionOptions = BANNER_POSITIONS.map((p) => ({ value: p, label: BANNER_POSITION_LABELS[p] }));
const day = (v: string | null) => (v ? formatDay(v) : '—');

export default {
  apiPath: '/api/admin/banner',
  schema: bannerInput,
  list: { sort: 'sort_order', order: 'asc' },
  createLabel: { 'zh-TW': '新增橫幅', 'en-US': 'New banner' },
  defaults: { position: 'home', sort_order: 0, photo_id: null, starts_on: null, ends_on: null },
  filters: [
    { name: 'position', label: L.position, options: positionOptions },
    {
      name: 'state',
      label: L.state,
      options: [
        { value: 'active', label: L.active },
        { value: 'scheduled', label: L.scheduled },
        { value: 'ended', label: L.ended },
      ],
    },
  ],
  listActions: BannerOrderButton,
  rowName: (b) => b.title,
  columns: [
    { key: 'title', title: L.title, sortable: true },
    {
      key: 'photo',
      title: L.image,
      render: (b) => (b.photo ? <img className="content-thumb" src={b.photo.size_list.tiny.url} alt={b.photo.alt || b.title} /> : '—'),
    },
    { key: 'position', title: L.position, render: (b) => BANNER_POSITION_LABELS[b.position][currentLanguage()] },
    { key: 'starts_on', title: L.starts, sortable: true, render: (b) => day(b.starts_on) },
    { key: 'ends_on', title: L.ends, sortable: true, render: (b) => day(b.ends_on) },
    {
      key: 'active',
      title: L.state,
      render: (b) => <Tag color={b.active ? 'green' : 'default'}>{(b.active ? L.active : L.hidden)[currentLanguage()]}</Tag>,
    },
    { key: 'sort_order', title: L.order, sortable: true },
  ],
  fields: [
    {
      name: 'title',
      label: L.title,
      required: true,
      testId: 'banner-title',
      extra: { 'zh-TW': '圖片的替代文字也用這個標題。', 'en-US': 'Also the image text for screen readers.' },
    },
    { name: 'title_en', label: L.titleEn },
    { name: 'position', label: L.position, input: 'select', options: positionOptions, required: true },
    { name: 'photo_id', label: L.image, input: PhotoField as never, required: true },
    {
      name: 'link',
      label: L.link,
      testId: 'banner-link',
      extra: {
        'zh-TW': 'https:// 開頭的網址，或網站內的路徑，例如 /projects。',
        'en-US': 'An https:// address, or a path of the site such as /projects.',
      },
    },
    {
      name: 'starts_on',
      label: L.starts,
      input: 'date',
      extra: { 'zh-TW': '留空表示立即開始（台北時間）。', 'en-US': 'Empty: from now on (Taipei time).' },
    },
    {
      name: 'ends_on',
      label: L.ends,
      input: 'date',
      extra: { 'zh-TW': '當天仍會顯示；留空表示不結束。', 'en-US': 'Still shown on that day; empty: no end.' },
    },
    {
      name: 'sort_order',
      label: L.order,
      input: 'number',
      extra: { 'zh-TW': '數字小的排在前面，也可以用「調整順序」拖曳。', 'en-US': 'Lower comes first; or drag them in "Arrange order".' },
    },
  ],
} satisfies ResourceScreensSpec<Banner>;
