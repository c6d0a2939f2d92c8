import Form from 'antd/es/form';
import { PAGE_TYPES, pageCategoryInput, type PageCategory, type PageType } from '@bo/shared/schemas/page';
import { i18n } from '../../i18n/index.ts';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';
import { CategorySelect } from './category-select.tsx';
import './i18n.ts';

const L = {
  type: 'page:categoryScreen.type',
  parent: 'page:categoryScreen.parent',
  name: 'page:categoryScreen.name',
  order: 'page:categoryScreen.order',
};
const typeOptions = PAGE_TYPES.map((t) => ({ value: t, label: `page:types.${t}` }));

/** The parent picker follows the type chosen in the same form. */
function ParentInput(props: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const type = Form.useWatch('type') as PageType | undefined;
  return <CategorySelect {...props} type={type} asParent placeholder={i18n.t(L.parent)} />;
}

export default {
  apiPath: '/api/admin/page-category',
  schema: pageCategoryInput,
  list: { sort: 'sort_order', order: 'asc' },
  createLabel: 'page:categoryScreen.create',
  defaults: { type: 'article', parent_id: null, sort_order: 0 },
  filters: [{ name: 'type', label: L.type, options: typeOptions }],
  rowName: (c) => c.name,
  columns: [
    { key: 'name', title: L.name, sortable: true },
    { key: 'type', title: L.type, render: (c) => i18n.t(`page:types.${c.type}`) },
    { key: 'depth', title: 'page:categoryScreen.depth' },
    { key: 'page_count', title: 'page:categoryScreen.pages' },
    { key: 'sort_order', title: L.order, sortable: true },
  ],
  fields: [
    { name: 'type', label: L.type, input: 'select', options: typeOptions, required: true },
    { name: 'parent_id', label: L.parent, input: ParentInput as never, extra: 'page:categoryScreen.parentHint' },
    { name: 'name', label: L.name, required: true, testId: 'category-name' },
    { name: 'name_en', label: 'page:categoryScreen.nameEn' },
    { name: 'sort_order', label: L.order, input: 'number' },
  ],
} satisfies ResourceScreensSpec<PageCategory>;
