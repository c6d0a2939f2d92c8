import Form from 'antd/es/form';
import { PAGE_TYPE_LABELS, PAGE_TYPES, pageCategoryInput, type PageCategory, type PageType } from '@bo/shared/schemas/page';
import { currentLanguage } from '../../i18n/index.ts';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';
import { CategorySelect } from './category-select.tsx';

const L = {
  type: { 'zh-TW': '頁面類型', 'en-US': 'Page type' },
  parent: { 'zh-TW': '上層分類', 'en-US': 'Parent' },
  name: { 'zh-TW': '名稱', 'en-US': 'Name' },
  nameEn: { 'zh-TW': '英文名稱', 'en-US': 'English name' },
  order: { 'zh-TW': '排序', 'en-US': 'Order' },
  depth: { 'zh-TW': '層級', 'en-US': 'Level' },
  pages: { 'zh-TW': '頁面數', 'en-US': 'Pages' },
};
const typeOptions = PAGE_TYPES.map((t) => ({ value: t, label: PAGE_TYPE_LABELS[t] }));

/** The parent picker follows the type chosen in the same form. */
function ParentInput(props: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const type = Form.useWatch('type') as PageType | undefined;
  return <CategorySelect {...props} type={type} asParent placeholder={L.parent[currentLanguage()]} />;
}

export default {
  apiPath: '/api/admin/page-category',
  schema: pageCategoryInput,
  list: { sort: 'sort_order', order: 'asc' },
  createLabel: { 'zh-TW': '新增分類', 'en-US': 'New category' },
  defaults: { type: 'article', parent_id: null, sort_order: 0 },
  filters: [{ name: 'type', label: L.type, options: typeOptions }],
  rowName: (c) => c.name,
  columns: [
    { key: 'name', title: L.name, sortable: true },
    { key: 'type', title: L.type, render: (c) => PAGE_TYPE_LABELS[c.type][currentLanguage()] },
    { key: 'depth', title: L.depth },
    { key: 'page_count', title: L.pages },
    { key: 'sort_order', title: L.order, sortable: true },
  ],
  fields: [
    { name: 'type', label: L.type, input: 'select', options: typeOptions, required: true },
    {
      name: 'parent_id',
      label: L.parent,
      input: ParentInput as never,
      extra: { 'zh-TW': '層數上限依系統設定的頁面分類層數。', 'en-US': 'As deep as the app settings allow for the type.' },
    },
    { name: 'name', label: L.name, required: true, testId: 'category-name' },
    { name: 'name_en', label: L.nameEn },
    { name: 'sort_order', label: L.order, input: 'number' },
  ],
} satisfies ResourceScreensSpec<PageCategory>;
