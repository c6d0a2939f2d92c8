import { useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Table, { type TableProps } from 'antd/es/table';
import type { ColumnsType, ColumnType, SorterResult } from 'antd/es/table/interface';
import Flex from 'antd/es/flex';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import Alert from 'antd/es/alert';
import { EmptyState } from '../empty-state.tsx';
import { ErrorState } from '../error-state.tsx';
import { useDevice } from '../../lib/device.ts';
import { errorText } from '../../lib/api-client.ts';
import { pageSizeOptions, type UseListParams } from './use-list-params.ts';
import type { ListResult } from './resource-api.ts';
import { useListOrder, type ListOrder } from './row-order.tsx';
import './i18n.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { EditLeaseMarker, useEditLeaseMarkers, type EditLeaseListTarget } from '../edit-lease/use-edit-lease-markers.tsx';
import './resource.css';

/** A sortable date-and-time column of the row's `key` (also the sort key), header and cells on one line. */
export const dateTimeColumn = <T,>(key: keyof T & string, title: string, format?: string): ColumnType<T> => ({
  key,
  dataIndex: key,
  title,
  sorter: true,
  onHeaderCell: () => ({ className: 'nowrap' }),
  render: (v: string) => <span className="nowrap">{formatDateTime(v, format)}</span>,
});

export interface BatchActionContext<T> {
  ids: number[];
  rows: T[];
  /** Clears the selection (call after a batch action succeeded). */
  clear(): void;
}

export interface ResourceTableProps<T extends { id: number }> {
  query: UseQueryResult<ListResult<T>>;
  list: UseListParams<string>;
  /** Columns; a column with `sorter: true` sorts on the server by its `key`. */
  columns: ColumnsType<T>;
  /** Row selection with these actions for the selected rows (omit for no selection). */
  batchActions?: (ctx: BatchActionContext<T>) => ReactNode;
  /** Rows that cannot be selected (e.g. yourself). */
  selectable?: (row: T) => boolean;
  /** Shown in the empty state when nothing exists yet (e.g. a create button). */
  emptyAction?: ReactNode;
  /** The empty state's texts instead of "nothing yet" / "no match" (e.g. "This folder has no files"). */
  emptyText?: { empty?: ReactNode; noMatch?: ReactNode };
  /** Whether the list is narrowed, for "no match" vs "nothing yet" (default `list.filtered`; a folder is a place, not a filter). */
  filtered?: boolean;
  /** The pagination's total line (default "{{total}} in total"). */
  totalText?: (total: number) => ReactNode;
  rowKey?: keyof T & string;
  /** The resource's stored order, for those who may change it: an "arrange order" view whose rows are dragged. */
  order?: ListOrder<T>;
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource'>;
  testId?: string;
  /** The rows' records by audit target type: a row someone is editing gets a marker (issue 36). */
  leases?: EditLeaseListTarget;
}

/** The first column's cells of rows someone is editing start with the lease marker. */
function withLeaseMarkers<T extends { id: number }>(
  columns: ColumnsType<T>,
  leases: ReturnType<typeof useEditLeaseMarkers>,
): ColumnsType<T> {
  if (!leases.size || !columns.length) return columns;
  const [first, ...rest] = columns;
  const key = (first as { dataIndex?: string }).dataIndex;
  const marked: ColumnType<T> = {
    ...first,
    render: (value: unknown, row: T, index: number) => {
      const cell = first.render ? first.render(value, row, index) : key ? (row as Record<string, unknown>)[key] : value;
      const lease = leases.get(row.id);
      if (!lease) return cell as ReactNode;
      return (
        <span className="edit-lease-cell">
          <EditLeaseMarker lease={lease} />
          {cell as ReactNode}
        </span>
      );
    },
  };
  return [marked, ...rest];
}

/**
 * Ant Design table on a server-paginated `GET …/index`: page, page size and sort follow the URL
 * (useListParams), rows can be selected for batch actions, and loading, empty ("nothing yet" vs
 * "no match") and error states are built in. Scrolls sideways on a phone instead of squeezing.
 */
export function ResourceTable<T extends { id: number }>(props: ResourceTableProps<T>) {
  const { query, list, batchActions, selectable, emptyAction, emptyText, totalText, rowKey = 'id' as keyof T & string, testId } = props;
  const filtered = props.filtered ?? list.filtered;
  const { t } = useTranslation('resource');
  const { mobile } = useDevice();
  const [selected, setSelected] = useState<Key[]>([]);
  const { arranging, bar, rowOrder } = useListOrder(props.order, list, query);
  const rows = arranging ? rowOrder.rows : (query.data?.data ?? []);
  const selectedRows = useMemo(() => rows.filter((r) => selected.includes(r[rowKey] as Key)), [rows, selected, rowKey]);
  // A row deleted on its own (its row action) leaves the selection too; rows on other pages stay selected.
  const shown = useRef({ query: '', keys: [] as Key[] });
  useEffect(() => {
    if (!query.data || query.isPlaceholderData) return;
    const now = { query: JSON.stringify(list.query), keys: query.data.data.map((r) => r[rowKey] as Key) };
    const before = shown.current;
    shown.current = now;
    if (before.query !== now.query) return;
    const gone = before.keys.filter((k) => !now.keys.includes(k));
    if (gone.length) setSelected((s) => (s.some((k) => gone.includes(k)) ? s.filter((k) => !gone.includes(k)) : s));
  }, [query.data, query.isPlaceholderData, list.query, rowKey]);

  const leases = useEditLeaseMarkers(
    props.leases,
    rows.map((r) => r.id),
  );
  const columns = useMemo(
    () =>
      (arranging ? [rowOrder.column, ...props.columns] : withLeaseMarkers(props.columns, leases)).map((col) => {
        const k = (col.key ?? (col as { dataIndex?: string }).dataIndex) as string | undefined;
        // Row actions stay in reach when the table scrolls sideways (a phone), wherever a screen forgot to pin them.
        const c = k === 'actions' && col.fixed === undefined ? { ...col, fixed: 'right' as const } : col;
        if (!c.sorter || !k) return c;
        return {
          ...c,
          sortOrder: list.params.sort === k ? (list.params.order === 'asc' ? 'ascend' : 'descend') : null,
          sortDirections: ['ascend', 'descend', 'ascend'],
        } as typeof c;
      }),
    [props.columns, list.params.sort, list.params.order, arranging, rowOrder.column, leases],
  );

  // A failed load never passes old rows off as the answer: the rows of another query (a search
  // typed while offline, kept as placeholder) give way to the error; this query's own rows, when
  // only their refresh failed, stay under a notice saying they may be out of date.
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (query.isError && (!query.data || query.isPlaceholderData)) {
    return (
      <div className="resource-table" data-testid={testId}>
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          title={query.data ? (offline ? t('offlineSearch') : t('searchFailed')) : undefined}
        />
      </div>
    );
  }
  const stale = query.isError && !!query.data;

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
      const key = (s.columnKey ?? s.field) as string | undefined;
      list.set({ sort: s.order && key ? key : undefined, order: s.order === 'ascend' ? 'asc' : 'desc' });
      return;
    }
    list.set({ page: pagination.current ?? 1, ...(pagination.pageSize !== list.params.per_page ? { per_page: pagination.pageSize } : {}) });
  };

  const clear = () => setSelected([]);
  return (
    <div className="resource-table" data-testid={testId}>
      {batchActions && selected.length > 0 ? (
        <Flex className="resource-batch-bar" align="center" gap={8} wrap>
          <Typography.Text strong>{t('selected', { count: selected.length })}</Typography.Text>
          {batchActions({ ids: selected.map(Number), rows: selectedRows, clear })}
          <Button type="link" onClick={clear}>
            {t('clearSelection')}
          </Button>
        </Flex>
      ) : null}
      {bar}
      {stale ? (
        <Alert
          className="resource-stale"
          type="warning"
          showIcon
          title={t('staleTitle')}
          description={errorText(query.error)}
          data-testid="list-stale"
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : null}
      <Table<T>
        {...props.tableProps}
        onRow={arranging ? rowOrder.onRow : props.tableProps?.onRow}
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        size={mobile ? 'small' : 'middle'}
        scroll={{ x: 'max-content' }}
        onChange={onChange}
        rowSelection={
          batchActions
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys),
                preserveSelectedRowKeys: true,
                getCheckboxProps: (r) => ({ disabled: selectable ? !selectable(r) : false }),
              }
            : undefined
        }
        locale={{
          emptyText: query.isPending ? (
            ' '
          ) : (
            <EmptyState
              description={filtered ? (emptyText?.noMatch ?? t('noMatch')) : (emptyText?.empty ?? t('empty'))}
              action={filtered ? <Button onClick={list.reset}>{t('reset')}</Button> : emptyAction}
            />
          ),
        }}
        pagination={{
          current: list.params.page,
          pageSize: list.params.per_page,
          total: query.data?.meta.total ?? 0,
          showSizeChanger: !mobile,
          pageSizeOptions,
          showTotal: (total) => (totalText ? totalText(total) : t('total', { total })),
          size: mobile ? 'small' : undefined,
          simple: mobile,
        }}
      />
    </div>
  );
}
