import { useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnType } from 'antd/es/table/interface';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import HolderOutlined from '@ant-design/icons/HolderOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import { api, ApiError } from '../../lib/api-client.ts';
import { i18n } from '../../i18n/index.ts';
import { translateValidationKey } from './field-rules.ts';
import type { ListResult } from './resource-api.ts';
import { versionOf } from './record-version.ts';
import { toastOutcome } from './toast-outcome.ts';
import type { UseListParams } from './use-list-params.ts';
import './i18n.ts';

/** A list whose resource declares a stored order (the server kit's `order`: `PUT …/order`). */
export interface ListOrder<T> {
  /** The resource's API path: a new order goes to `PUT ${apiPath}/order`. */
  apiPath: string;
  /** The filters naming one ordered list, each with the value the arrange view opens on (`{ position: 'home' }`). */
  scope?: Record<string, string>;
  /** The row's name in the move buttons' labels. */
  name(row: T): string;
}

const NO_ROWS: never[] = [];

/**
 * Runs a save of a new order and toasts how it went; a refusal names its reason (the list changed
 * meanwhile: `validate.error.order_stale`) rather than a bare "conflict".
 */
export function toastOrderSaved(run: () => Promise<unknown>): Promise<boolean> {
  return toastOutcome(async () => {
    try {
      await run();
    } catch (e) {
      const key = e instanceof ApiError ? e.errors?.ids?.[0] : undefined;
      throw key ? new Error(translateValidationKey(key)) : e;
    }
  }, i18n.t('resource:order.saved'));
}

/**
 * A list's arrange view: the list sorted by its order, one whole scope (its scope filters set, no
 * keyword or other filter, every row on the page). There the rows can be dragged (`rowOrder`);
 * elsewhere `bar` offers the button that opens it.
 */
export function useListOrder<T extends { id: number }>(
  order: ListOrder<T> | undefined,
  list: UseListParams<string>,
  query: UseQueryResult<ListResult<T>>,
): { arranging: boolean; bar: ReactNode; rowOrder: RowOrder<T> } {
  const { t } = useTranslation('resource', { keyPrefix: 'order' });
  const scope = order?.scope ?? {};
  const p = list.params;
  const data = query.data;
  const inOrder =
    !!order &&
    p.sort === 'sort_order' &&
    p.order === 'asc' &&
    !p.keyword &&
    Object.entries(p.filters).every(([k, v]) => !v || k in scope) &&
    Object.keys(scope).every((k) => p.filters[k]);
  const whole = !!data && !query.isPlaceholderData && data.meta.total <= data.data.length;
  const arranging = inOrder && whole;
  const rowOrder = useRowOrder<T>({
    rows: data?.data ?? NO_ROWS,
    name: (row) => order?.name(row) ?? String(row.id),
    disabled: !arranging,
    save: async (ids) => {
      const where = Object.fromEntries(Object.keys(scope).map((k) => [k, p.filters[k]]));
      // Every row moved is changed: the order is sent with the version each row was shown at (issue 36).
      const versions = Object.fromEntries((data?.data ?? []).map((r) => [String(r.id), versionOf(r)]));
      const stored = await toastOrderSaved(() => api.put(`${order!.apiPath}/order`, { ...where, ids, versions }));
      await query.refetch();
      return stored;
    },
  });
  const open = () =>
    list.set({
      sort: 'sort_order',
      order: 'asc',
      per_page: 100,
      keyword: '',
      filters: {
        ...Object.fromEntries(Object.keys(p.filters).map((k) => [k, null])),
        ...Object.fromEntries(Object.entries(scope).map(([k, v]) => [k, p.filters[k] || v])),
      },
    });
  const bar = !order ? null : (
    <Flex className="resource-order-bar" align="center" gap={8} wrap data-testid="order-bar">
      {arranging ? (
        <>
          <Typography.Text type="secondary">{t('arranging')}</Typography.Text>
          <Button size="small" onClick={list.reset} data-testid="order-done">
            {t('done')}
          </Button>
        </>
      ) : inOrder && data && !whole ? (
        <Typography.Text type="secondary">{t('tooMany')}</Typography.Text>
      ) : (
        <Button icon={<OrderedListOutlined />} onClick={open} data-testid="order-arrange">
          {t('arrange')}
        </Button>
      )}
    </Flex>
  );
  return { arranging, bar, rowOrder };
}

export interface RowOrderOptions<T extends { id: number }> {
  /** The whole list, in its stored order. */
  rows: T[];
  /** Stores the new order of every row (one call); resolves true when it was stored. */
  save(ids: number[]): Promise<boolean>;
  /** The row's name in the move buttons' labels ("Move up 秋季工程實績"). */
  name(row: T): string;
  disabled?: boolean;
}

export interface RowOrder<T> {
  /** The rows as shown: the new order at once, the stored one again if the save failed. */
  rows: T[];
  /** The first column: a drag handle and move up / move down buttons (the keyboard's and a phone's way). */
  column: ColumnType<T>;
  /** The handle and buttons of one row, for a layout without the column (a phone's cards). */
  controls(row: T): ReactNode;
  /** The table's `onRow`: every row can be dragged onto another's place. */
  onRow(row: T): HTMLAttributes<HTMLElement>;
}

/**
 * Drag-and-drop order of a table's rows (HTML5 drag events; buttons for the keyboard and touch): a row
 * dropped on another takes its place, and each move stores the whole new order through `save`.
 */
export function useRowOrder<T extends { id: number }>({ rows, save, name, disabled }: RowOrderOptions<T>): RowOrder<T> {
  const { t } = useTranslation('resource', { keyPrefix: 'order' });
  // A local order holds only over the rows it was made on: new rows from the server replace it.
  const [pending, setPending] = useState<{ on: T[]; ids: number[] } | null>(null);
  const local = pending?.on === rows ? pending.ids : null;
  const [busy, setBusy] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const shown = useMemo(() => {
    if (!local) return rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return local.flatMap((id) => byId.get(id) ?? []);
  }, [rows, local]);

  const move = async (from: number, to: number) => {
    if (busy || to < 0 || to >= shown.length || from === to) return;
    const ids = shown.map((r) => r.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    setPending({ on: rows, ids });
    setBusy(true);
    const stored = await save(ids);
    setBusy(false);
    if (!stored) setPending(null);
  };
  const at = (id: number) => shown.findIndex((r) => r.id === id);
  // A button that cannot move its row now (at the end of the list, or while a move is saved) is
  // aria-disabled, not disabled: the keyboard's focus stays on it after the row moved.
  const still = (edge: boolean) => (edge || busy ? { 'aria-disabled': true, className: 'row-order-still' } : {});
  const controls = (row: T) => {
    const i = at(row.id);
    return (
      <Flex align="center" gap={2} className="nowrap">
        <HolderOutlined aria-hidden className="row-order-handle" data-testid={`row-order-handle-${row.id}`} />
        <Button
          size="small"
          type="text"
          icon={<ArrowUpOutlined />}
          aria-label={`${t('up')} ${name(row)}`}
          disabled={disabled}
          {...still(i === 0)}
          onClick={() => void move(i, i - 1)}
        />
        <Button
          size="small"
          type="text"
          icon={<ArrowDownOutlined />}
          aria-label={`${t('down')} ${name(row)}`}
          disabled={disabled}
          {...still(i === shown.length - 1)}
          onClick={() => void move(i, i + 1)}
        />
      </Flex>
    );
  };

  return {
    rows: shown,
    column: {
      key: 'row-order',
      title: <span className="sr-only">{t('column')}</span>,
      fixed: 'left',
      width: 96,
      render: (_: unknown, row: T) => controls(row),
    },
    controls,
    onRow: (row) => ({
      draggable: !disabled && !busy,
      className: over === row.id && dragged !== row.id ? 'row-order-over' : dragged === row.id ? 'row-order-dragging' : undefined,
      onDragStart: (e) => {
        setDragged(row.id);
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(row.id));
      },
      onDragOver: (e) => {
        if (dragged === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (over !== row.id) setOver(row.id);
      },
      onDrop: (e) => {
        e.preventDefault();
        if (dragged !== null && dragged !== row.id) void move(at(dragged), at(row.id));
        setDragged(null);
        setOver(null);
      },
      onDragEnd: () => {
        setDragged(null);
        setOver(null);
      },
    }),
  };
}
