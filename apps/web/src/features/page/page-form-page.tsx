import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import { PAGE_STATUSES, PAGE_TYPES, pageContentShape, type Page, type PageType } from '@bo/shared/schemas/page';
import { ROLES } from '@bo/shared/permissions';
import { adminPath } from '../../lib/feature.ts';
import { GalleryInput } from '../../components/gallery-input.tsx';
import { PhotoField } from '../../components/photo-field.tsx';
import { RichTextEditor } from '../../components/rich-text/rich-text-editor.tsx';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { dateStringProps } from '../../components/resource/date-string-props.ts';
import { ContentFormScreen } from '../../components/resource/content-form-screen.tsx';
import { HistoryPanel, versionOf } from '../../components/history/history-panel.tsx';
import { useResourceForm } from '../../components/resource/use-resource-form.ts';
import { ReviewBar, useReviewGate } from '../../components/review/review-bar.tsx';
import { fromTaipeiWallTime, pagesApi, taipeiWallTime } from './api.ts';
import { CategorySelect } from './category-select.tsx';
import { PageRevisions } from './page-revisions.tsx';
import { PageStatusTag } from './page-status-tag.tsx';
import './i18n.ts';
import './page.css';

type Values = Record<string, unknown> & { type: PageType; status: string; publish_at?: dayjs.Dayjs | null };

/** The form's values of a loaded page (gallery as ids, the publish time as Taipei wall time). */
function valuesOf(p: Page): Values {
  return {
    ...Object.fromEntries(Object.keys(pageContentShape).map((k) => [k, p[k as keyof Page]])),
    gallery: p.gallery.map((g) => g.id),
    featured: p.featured,
    type: p.type,
    status: p.status,
    publish_at: p.publish_at ? dayjs(taipeiWallTime(p.publish_at)) : null,
  };
}

/** /admin/page/create and /admin/page/{id}/update: a page, news item or project case, with its revisions. */
export default function PageFormPage() {
  const { t } = useTranslation('page');
  const [search] = useSearchParams();
  const rf = useResourceForm<Page, Values, Record<string, unknown>>({
    api: pagesApi,
    basePath: adminPath('page'),
    writeRoles: ROLES.page,
    toValues: valuesOf,
    toBody: (v) => ({
      ...v,
      publish_at: v.status === 'scheduled' && v.publish_at ? fromTaipeiWallTime(v.publish_at.format('YYYY-MM-DDTHH:mm')) : null,
    }),
    words: { created: t('created'), saved: t('changed') },
  });
  const { mode, form, record } = rf;
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const type = (Form.useWatch('type', form) ?? record?.type) as PageType | undefined;
  const status = Form.useWatch('status', form);
  const gate = useReviewGate('page', record?.id);
  const initialType = PAGE_TYPES.includes(search.get('type') as PageType) ? (search.get('type') as PageType) : 'article';
  const initialValues = useMemo<Values>(
    () => ({
      type: initialType,
      status: 'draft',
      body: '',
      gallery: [],
      featured: false,
      sort_order: 0,
      category_id: null,
      cover_photo_id: null,
    }),
    [initialType],
  );

  const rule = (name: keyof typeof pageContentShape) => [schemaRule(pageContentShape[name])];
  return (
    <ContentFormScreen<Values>
      name="page"
      resourceForm={rf}
      lease={{ targetType: 'page', id: rf.target }}
      title={record?.title}
      apiPath={pagesApi.base}
      headerExtra={
        record ? (
          <>
            <PageStatusTag page={record} />
            <ReviewBar type="page" id={record.id} version={versionOf(record)} invalidate={pagesApi.keys.all} dirty={rf.dirty} />
            <Button icon={<HistoryOutlined />} onClick={() => setRevisionsOpen(true)} data-testid="page-revisions-open">
              {t('revisionsCount', { count: record.revision_count })}
            </Button>
            <HistoryPanel<Page>
              targetType="page"
              id={record.id}
              version={versionOf(record)}
              canRestore={rf.canWrite}
              invalidate={pagesApi.keys.all}
              onRestored={rf.takeRecord}
            />
          </>
        ) : null
      }
      initialValues={initialValues}
      after={record && revisionsOpen ? <PageRevisions page={record} onClose={() => setRevisionsOpen(false)} /> : null}
      main={
        <>
          <Form.Item name="title" label={t('title')} required rules={rule('title')}>
            <Input data-testid="page-title" />
          </Form.Item>
          <Form.Item name="slug" label={t('slug')} required rules={rule('slug')} extra={t('slugHint')}>
            <Input data-testid="page-slug" />
          </Form.Item>
          <Form.Item name="summary" label={t('summary')} rules={rule('summary')}>
            <Input.TextArea autoSize={{ minRows: 2 }} />
          </Form.Item>
          <Form.Item name="body" label={t('body')}>
            <RichTextEditor aria-label={t('body')} />
          </Form.Item>
          {type === 'project' ? (
            <Card size="small" title={t('project')} style={{ marginBottom: 16 }}>
              <Form.Item name="location" label={t('location')} rules={rule('location')}>
                <Input data-testid="page-location" />
              </Form.Item>
              <Form.Item name="client" label={t('client')} rules={rule('client')}>
                <Input />
              </Form.Item>
              <Form.Item label={t('period')} style={{ marginBottom: 0 }}>
                <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                  <Form.Item name="period_start" {...dateStringProps}>
                    <DatePicker aria-label={`${t('period')} 1`} />
                  </Form.Item>
                  <Form.Item name="period_end" {...dateStringProps}>
                    <DatePicker aria-label={`${t('period')} 2`} />
                  </Form.Item>
                </div>
              </Form.Item>
              <Form.Item name="gallery" label={t('gallery')}>
                <GalleryInput known={record?.gallery ?? []} testId="page-gallery" />
              </Form.Item>
              <Form.Item name="featured" label={t('featured')} extra={t('featuredHint')} valuePropName="checked">
                <Switch data-testid="page-featured" />
              </Form.Item>
            </Card>
          ) : null}
          <Card size="small" title={t('english')} style={{ marginBottom: 16 }}>
            <Form.Item name="title_en" label={t('titleEn')} extra={t('titleEnHint')} rules={rule('title_en')}>
              <Input data-testid="page-title-en" />
            </Form.Item>
            <Form.Item name="summary_en" label={t('summaryEn')} rules={rule('summary_en')}>
              <Input.TextArea autoSize={{ minRows: 2 }} />
            </Form.Item>
            <Form.Item name="body_en" label={t('bodyEn')}>
              <RichTextEditor aria-label={t('bodyEn')} />
            </Form.Item>
            <Form.Item name="seo_description_en" label={t('seoEn')} rules={rule('seo_description_en')}>
              <Input.TextArea autoSize={{ minRows: 2 }} />
            </Form.Item>
          </Card>
        </>
      }
      side={
        <>
          <Form.Item name="type" label={t('type')} required>
            <Select
              disabled={mode === 'update'}
              options={PAGE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
              onChange={() => form.setFieldValue('category_id', null)}
            />
          </Form.Item>
          <Form.Item name="status" label={t('status')} required extra={gate.reason}>
            <Select
              options={PAGE_STATUSES.map((v) => ({
                value: v,
                label: t(`statuses.${v}`),
                disabled: !gate.canPublish && (v === 'published' || v === 'scheduled'),
              }))}
              data-testid="page-status"
            />
          </Form.Item>
          {status === 'scheduled' ? (
            <Form.Item name="publish_at" label={t('publishAt')} extra={t('publishAtHint')} required>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
                data-testid="page-publish-at"
              />
            </Form.Item>
          ) : null}
          <Form.Item name="category_id" label={t('category')}>
            <CategorySelect type={type} />
          </Form.Item>
          <Form.Item name="cover_photo_id" label={t('cover')}>
            <PhotoField recordKey="cover_photo" />
          </Form.Item>
          <Form.Item name="seo_description" label={t('seo')} rules={rule('seo_description')}>
            <Input.TextArea autoSize={{ minRows: 2 }} />
          </Form.Item>
          <Form.Item name="sort_order" label={t('order')}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </>
      }
    />
  );
}
