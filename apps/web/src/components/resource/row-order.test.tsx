import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import Table from 'antd/es/table';
import { setLanguage } from '../../i18n/index.ts';
import { ResourceTable } from './resource-table.tsx';
import { useRowOrder } from './row-order.tsx';
import { useListParams } from './use-list-params.ts';
import type { ListResult } from './resource-api.ts';

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = [
  { id: 1, name: 'A' },
  { id: 2, name: 'B' },
  { id: 3, name: 'C' },
];
const names = () => screen.getAllByTestId('name').map((e) => e.textContent);

function Ordered({ save }: { save(ids: number[]): Promise<boolean> }) {
  const order = useRowOrder({ rows: ROWS, save, name: (r) => r.name });
  return (
    <Table<Row>
      rowKey="id"
      dataSource={order.rows}
      columns={[order.column, { key: 'name', render: (_, r) => <span data-testid="name">{r.name}</span> }]}
      onRow={order.onRow}
      pagination={false}
    />
  );
}

const query = (total: number) =>
  ({
    data: { data: ROWS, meta: { page: 1, per_page: 100, total, last_page: 1 } },
    isPending: false,
    isError: false,
    isFetching: false,
    isPlaceholderData: false,
    refetch: async () => ({}),
  }) as unknown as UseQueryResult<ListResult<Row>>;
function Listed({ total }: { total: number }) {
  const list = useListParams(['position', 'state'] as const);
  const columns = [{ key: 'name', dataIndex: 'name', title: 'Name' }];
  return (
    <ResourceTable<Row>
      query={query(total)}
      list={list}
      columns={columns}
      order={{ apiPath: '/x', scope: { position: 'home' }, name: (r) => r.name }}
    />
  );
}
const mountList = (url: string, total = 3) =>
  render(
    <AntApp>
      <MemoryRouter initialEntries={[url]}>
        <Listed total={total} />
      </MemoryRouter>
    </AntApp>,
  );

beforeEach(async () => {
  await setLanguage('en-US');
});
afterEach(() => cleanup());

describe('drag to reorder', () => {
  it('moves a row with its buttons and stores the whole new order; a failed save puts the stored order back', async () => {
    const saved: number[][] = [];
    let answer = true;
    render(<Ordered save={async (ids) => saved.push(ids) > 0 && answer} />);
    expect(screen.getByRole('button', { name: 'Move up A' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Move down A' }));
    await waitFor(() => expect(saved).toEqual([[2, 1, 3]]));
    expect(names()).toEqual(['B', 'A', 'C']);
    answer = false;
    fireEvent.click(screen.getByRole('button', { name: 'Move up C' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual([2, 3, 1]);
    await waitFor(() => expect(names()).toEqual(['A', 'B', 'C']));
  });

  it('drops a dragged row in the place of the row it is dropped on', async () => {
    const saved: number[][] = [];
    render(<Ordered save={async (ids) => saved.push(ids) > 0} />);
    const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
    fireEvent.dragStart(rowOf('C'), { dataTransfer: { setData() {}, effectAllowed: '' } });
    fireEvent.dragOver(rowOf('A'), { dataTransfer: { dropEffect: '' } });
    fireEvent.drop(rowOf('A'));
    await waitFor(() => expect(saved).toEqual([[3, 1, 2]]));
    expect(names()).toEqual(['C', 'A', 'B']);
  });

  it('offers the arrange view until the list shows one whole scope in its order, then the move buttons', () => {
    mountList('/?state=active');
    expect(screen.getByTestId('order-arrange')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move down A' })).toBeNull();
    cleanup();
    mountList('/?sort=sort_order&order=asc&position=home', 150);
    expect(screen.getByText(/more than 100 rows/)).toBeTruthy();
    cleanup();
    mountList('/?sort=sort_order&order=asc&position=home');
    expect(screen.getByTestId('order-done')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move down A' })).toBeTruthy();
  });
});
