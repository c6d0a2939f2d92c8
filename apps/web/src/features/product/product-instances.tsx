import { type HTMLAttributes, type Key, type Ref, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import AppstoreAddOutlined from '@ant-design/icons/AppstoreAddOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { PRODUCT_KEYS, productPrice, productSku, productStock, type Product, type ProductInstance } from '@bo/shared/schemas/product';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { useDevice } from '../../lib/device.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { useConfirmDestructive } from '../../components/resource/use-confirm.tsx';
import { InstancePhotoInput } from './instance-photo-input.tsx';
import { BatchEditModal } from './instance-batch-modal.tsx';
import { InstancesPreview } from './instances-preview.tsx';
import { useInstanceOrder } from './instance-order.ts';
import { PriceInput } from './price-input.tsx';
import { useBatchInstances, useGenerateInstances, useInstances, useUpdateInstance } from './api.ts';
import { FIELDS, type InstanceEdits, type Row, rowKey, rowOf, useInstanceRowSaves } from './use-instance-row-saves.ts';
import { type AttributeList, formatNtd, instancesLeaving, previewGeneration } from './product-logic.ts';
import './i18n.ts';

const sameRow = (a: Partial<Row> | undefined, b: Row) => !!a && FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));

export interface ProductInstancesProps {
  /** What the product form's save calls (InstanceEdits). */
  edits?: Ref<InstanceEdits>;
  product: Product;
  /** The attribute lists in the form now (the preview); generation uses the saved ones. */
  attributes: (Partial<AttributeList> | undefined)[];
  /** The product form has changes not saved yet. */
  productDirty: boolean;
  /** Saves the product form; the saved product, or null when it did not save. */
  saveProduct(): Promise<Product | null>;
  separator: string;
  disabled?: boolean;
}

/**
 * The instance set of a saved product (issue 12): generate it from the attribute lists (saving
 * the product first; asking before instances whose values left the lists are removed), then edit
 * each instance's SKU, price, stock and photo inline, or the price and stock of several at once.
 */
export function ProductInstances({ edits, product, attributes, productDirty, saveProduct, separator, disabled }: ProductInstancesProps) {
  const { t } = useTranslation('product');
  const { mobile } = useDevice();
  const confirm = useConfirmDestructive();
  const q = useInstances(product.id);
  const generate = useGenerateInstances(product.id);
  const update = useUpdateInstance(product.id);
  const batch = useBatchInstances(product.id);
  const [form] = Form.useForm<{ rows: Record<string, Row> }>();
  const [selected, setSelected] = useState<Key[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const [savingRow, setSavingRow] = useState<number | null>(null);
  const [generating, setGenerating] = useState(false);
  const instances = useMemo(() => q.data ?? [], [q.data]);
  const order = useInstanceOrder(product.id, instances, disabled);
  // What the server last said of each row: a row still equal to it takes the next answer; an edited one keeps its edits.
  const baseline = useRef(new Map<string, Row>());
  const rows = (Form.useWatch('rows', form) ?? {}) as Record<string, Partial<Row>>;

  useEffect(() => {
    const next: Record<string, Row> = {};
    const current = (form.getFieldValue('rows') ?? {}) as Record<string, Partial<Row>>;
    for (const i of instances) {
      const key = rowKey(i.id);
      const before = baseline.current.get(key);
      const now = current[key];
      if (!now || !before || sameRow(now, before)) next[key] = rowOf(i);
      baseline.current.set(key, rowOf(i));
    }
    if (Object.keys(next).length) form.setFieldsValue({ rows: next });
    setSelected((s) => s.filter((k) => instances.some((i) => i.id === k)));
  }, [instances, form]);

  const dirtyIds = instances.filter((i) => rows[rowKey(i.id)] && !sameRow(rows[rowKey(i.id)], rowOf(i))).map((i) => i.id);
  useUnsavedChanges(dirtyIds.length > 0);

  const preview = useMemo(
    () => previewGeneration(attributes, instances, separator, product.name),
    [attributes, instances, separator, product.name],
  );
  const upToDate = instances.length > 0 && preview.create.length === 0 && preview.remove.length === 0;

  const runGenerate = async () => {
    setGenerating(true);
    try {
      let saved: Product | null = product;
      if (productDirty) {
        saved = await saveProduct();
        if (!saved) return;
      }
      let result: Awaited<ReturnType<typeof generate.mutateAsync>>;
      try {
        result = await generate.mutateAsync(false);
      } catch (e) {
        const wouldRemove =
          e instanceof ApiError && e.status === 409 && (e.errors?.instances ?? []).includes(PRODUCT_KEYS.instancesWouldBeRemoved);
        if (!wouldRemove) throw e;
        // The server names them in its answer; without that list, the saved lists against the instances on screen name the same ones.
        const named = (e.body as { instances?: { name: string; sku: string }[] } | undefined)?.instances;
        const names = (named ?? instancesLeaving(saved.attributes, instances)).map((i) =>
          t('instanceWithSku', { name: i.name, sku: i.sku }),
        );
        const ok = await confirm({
          title: t('removeTitle', { count: names.length || 1 }),
          items: names,
          itemsLabel: t('removeLabel'),
          okText: t('removeOk'),
          note: t('removeNote'),
        });
        if (!ok) return;
        result = await generate.mutateAsync(true);
      }
      toast.success({
        title: t('generated', { created: result.created, kept: result.kept, removed: result.removed }),
        duration: SHELL_TOAST.duration,
      });
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    } finally {
      setGenerating(false);
    }
  };

  const { pathsOf, putRow } = useInstanceRowSaves({
    form,
    update,
    baseline,
    edits,
    edited: instances.filter((i) => dirtyIds.includes(i.id)),
  });

  const saveRow = async (i: ProductInstance) => {
    let values: Row;
    try {
      values = (await form.validateFields(pathsOf(i.id))).rows[rowKey(i.id)] as Row;
    } catch {
      return;
    }
    setSavingRow(i.id);
    if (await putRow(i, values)) toast.success({ title: t('instanceSaved', { name: i.name }), duration: SHELL_TOAST.duration });
    setSavingRow(null);
  };

  const runBatch = async (body: { price?: number; stock?: number }) => {
    const ids = selected.map(Number);
    try {
      const r = await batch.mutateAsync({ ids, ...body });
      const patch: Record<string, Partial<Row>> = {};
      for (const saved of r.data) {
        const key = rowKey(saved.id);
        baseline.current.set(key, rowOf(saved));
        patch[key] = {
          ...(body.price !== undefined ? { price: saved.price } : {}),
          ...(body.stock !== undefined ? { stock: saved.stock } : {}),
        };
      }
      form.setFieldsValue({ rows: patch as Record<string, Row> });
      setSelected([]);
      toast.success({ title: t('batchDone', { count: ids.length }), duration: SHELL_TOAST.duration });
      return true;
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
      return false;
    }
  };

  const cell = {
    sku: (i: ProductInstance, label?: string) => (
      <Form.Item name={['rows', rowKey(i.id), 'sku']} label={label} rules={[schemaRule(productSku)]}>
        <Input
          aria-label={t('skuOf', { name: i.name })}
          style={{ width: label ? '100%' : 170 }}
          maxLength={64}
          data-testid="instance-sku"
        />
      </Form.Item>
    ),
    price: (i: ProductInstance, label?: string) => (
      <Form.Item name={['rows', rowKey(i.id), 'price']} label={label} rules={[schemaRule(productPrice)]}>
        <PriceInput aria-label={t('priceOf', { name: i.name })} style={{ width: label ? '100%' : 140 }} data-testid="instance-price" />
      </Form.Item>
    ),
    stock: (i: ProductInstance, label?: string) => (
      <Form.Item name={['rows', rowKey(i.id), 'stock']} label={label} rules={[schemaRule(productStock)]}>
        <InputNumber
          aria-label={t('stockOf', { name: i.name })}
          min={0}
          precision={0}
          style={{ width: label ? '100%' : 100 }}
          data-testid="instance-stock"
        />
      </Form.Item>
    ),
    photo: (i: ProductInstance) => (
      <Form.Item name={['rows', rowKey(i.id), 'photo_id']}>
        <InstancePhotoInput known={i.photo} name={i.name} disabled={disabled} />
      </Form.Item>
    ),
    save: (i: ProductInstance, block?: boolean) => {
      const dirty = dirtyIds.includes(i.id);
      return (
        <Button
          size={block ? 'middle' : 'small'}
          block={block}
          type={dirty ? 'primary' : 'default'}
          disabled={!dirty}
          loading={savingRow === i.id}
          onClick={() => void saveRow(i)}
          aria-label={t('saveInstance', { name: i.name })}
          data-testid="instance-save"
        >
          {t('save')}
        </Button>
      );
    },
  };

  const columns: ColumnsType<ProductInstance> = [
    ...(disabled ? [] : [order.column]),
    {
      key: 'name',
      title: t('instanceName'),
      fixed: 'left',
      render: (_, i) => <span className="product-instance-name">{i.name}</span>,
    },
    { key: 'sku', title: t('sku'), render: (_, i) => cell.sku(i) },
    { key: 'price', title: t('price'), render: (_, i) => cell.price(i) },
    { key: 'stock', title: t('stock'), render: (_, i) => cell.stock(i) },
    { key: 'photo', title: t('instancePhoto'), render: (_, i) => cell.photo(i) },
    ...(disabled
      ? []
      : [
          {
            key: 'actions',
            title: <span className="sr-only">{t('actions')}</span>,
            fixed: 'right' as const,
            render: (_: unknown, i: ProductInstance) => cell.save(i),
          },
        ]),
  ];
  const summary =
    instances.length > 1
      ? t('instancesSummary', {
          count: instances.length,
          low: formatNtd(Math.min(...instances.map((i) => i.price))),
          high: formatNtd(Math.max(...instances.map((i) => i.price))),
          stock: instances.reduce((n, i) => n + i.stock, 0).toLocaleString('en-US'),
        })
      : null;
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s.filter((k) => k !== id), id] : s.filter((k) => k !== id)));

  const generateLabel = productDirty ? t('saveAndGenerate') : t('generate');
  return (
    <Card
      className="product-instances"
      title={t('instances')}
      data-testid="product-instances"
      extra={
        disabled ? null : (
          <Button
            type={instances.length ? 'default' : 'primary'}
            icon={<AppstoreAddOutlined />}
            loading={generating}
            onClick={() => void runGenerate()}
            data-testid="instances-generate"
          >
            {generateLabel}
          </Button>
        )
      }
    >
      {!disabled && !upToDate ? <InstancesPreview preview={preview} productDirty={productDirty} /> : null}
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Form form={form} component={false} disabled={disabled} layout="vertical">
          {selected.length > 0 ? (
            <Flex className="resource-batch-bar" align="center" gap={8} wrap>
              <Typography.Text strong>{t('instancesSelected', { count: selected.length })}</Typography.Text>
              <Button icon={<EditOutlined />} onClick={() => setBatchOpen(true)} data-testid="instances-batch-edit">
                {t('batchEdit')}
              </Button>
              <Button type="link" onClick={() => setSelected([])}>
                {t('clearSelection')}
              </Button>
            </Flex>
          ) : null}
          {mobile ? (
            // A phone: one card per instance, every field in view (a table would hide price and stock sideways).
            <div className="product-instance-cards" data-testid="product-instance-table">
              {q.isPending ? null : instances.length === 0 ? (
                <EmptyState description={t('noInstances')} />
              ) : (
                <>
                  {disabled ? null : (
                    <Checkbox
                      checked={selected.length === instances.length}
                      indeterminate={selected.length > 0 && selected.length < instances.length}
                      onChange={(e) => setSelected(e.target.checked ? instances.map((i) => i.id) : [])}
                    >
                      {t('selectAll')}
                    </Checkbox>
                  )}
                  {order.rows.map((i) => (
                    <section key={i.id} className="product-instance-card" aria-label={i.name} data-testid="product-instance-row">
                      <Flex justify="space-between" align="center" gap={8}>
                        {disabled ? (
                          <strong>{i.name}</strong>
                        ) : (
                          <Checkbox checked={selected.includes(i.id)} onChange={(e) => toggle(i.id, e.target.checked)}>
                            <strong>{i.name}</strong>
                          </Checkbox>
                        )}
                        {cell.photo(i)}
                      </Flex>
                      {disabled ? null : order.controls(i)}
                      {cell.sku(i, t('sku'))}
                      <div className="product-instance-card-pair">
                        {cell.price(i, t('price'))}
                        {cell.stock(i, t('stock'))}
                      </div>
                      {disabled ? null : cell.save(i, true)}
                    </section>
                  ))}
                  {summary ? <Typography.Text type="secondary">{summary}</Typography.Text> : null}
                </>
              )}
            </div>
          ) : (
            <div data-testid="product-instance-table">
              <Table<ProductInstance>
                rowKey="id"
                columns={columns}
                dataSource={order.rows}
                loading={q.isPending || q.isFetching}
                size="middle"
                scroll={{ x: 'max-content' }}
                pagination={instances.length > 50 ? { pageSize: 50, showSizeChanger: false, size: 'small' } : false}
                rowSelection={disabled ? undefined : { selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }}
                onRow={(i) => ({ ...order.onRow(i), 'data-testid': 'product-instance-row' }) as HTMLAttributes<HTMLElement>}
                locale={{ emptyText: q.isPending ? ' ' : <EmptyState description={t('noInstances')} /> }}
                summary={() =>
                  summary ? (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={columns.length + (disabled ? 0 : 1)}>
                        <Typography.Text type="secondary">{summary}</Typography.Text>
                      </Table.Summary.Cell>
                    </Table.Summary.Row>
                  ) : null
                }
              />
            </div>
          )}
        </Form>
      )}
      <BatchEditModal open={batchOpen} count={selected.length} onClose={() => setBatchOpen(false)} onSubmit={runBatch} />
    </Card>
  );
}
