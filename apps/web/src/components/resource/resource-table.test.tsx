import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import { setLanguage } from '../../i18n/index.ts';
import { ResourceTable, type ResourceTableProps } from './resource-table.tsx';
import { useListParams } from './use-list-params.ts';
import type { ListResult } from './resource-api.ts';

interface Row {
  id: number;
  name: string;
}
const result = (rows: Row[], total = rows.length) =>
  ({
    data: { data: rows, meta: { page: 1, per_page: 20, total, last_page: 1 } },
    isPending: false,
    isError: false,
    isFetching: false,
    isPlaceholderData: false,
    refetch: async () => ({}),
  }) as unknown as UseQueryResult<ListResult<Row>>;

type Extra = Partial<Pick<ResourceTableProps<Row>, 'emptyText' | 'filtered' | 'totalText' | 'batchActions'>>;
function Harness({ query, ...extra }: { query: UseQueryResult<ListResult<Row>> } & Extra) {
  const list = useListParams(['folder'] as const);
  return <ResourceTable<Row> query={query} list={list} columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]} {...extra} />;
}
const mount = (query: UseQueryResult<ListResult<Row>>, extra: Extra = {}, url = '/') => {
  const view = render(
    <AntApp>
      <MemoryRouter initialEntries={[url]}>
        <Harness query={query} {...extra} />
      </MemoryRouter>
    </AntApp>,
  );
  return (next: UseQueryResult<ListResult<Row>>) =>
    view.rerender(
      <AntApp>
        <MemoryRouter initialEntries={[url]}>
          <Harness query={next} {...extra} />
        </MemoryRouter>
      </AntApp>,
    );
};

beforeEach(async () => {
  await setLanguage('en-US');
});
afterEach(() => cleanup());

describe('ResourceTable', () => {
  it('says "nothing yet" or "no match" from the list, or from the caller\'s texts and notion of filtered', () => {
    mount(result([]), {}, '/?folder=a');
    expect(screen.getByText('Nothing matches these filters')).toBeTruthy();
    cleanup();
    mount(result([]), { filtered: false, emptyText: { empty: 'This folder has no files', noMatch: 'No file matches' } }, '/?folder=a');
    expect(screen.getByText('This folder has no files')).toBeTruthy();
    cleanup();
    mount(result([]), { filtered: true, emptyText: { noMatch: 'No file matches' } });
    expect(screen.getByText('No file matches')).toBeTruthy();
  });

  it('words the total line when asked', () => {
    mount(result([{ id: 1, name: 'a.txt' }], 1), { totalText: (n) => `${n} files` });
    expect(screen.getByText('1 files')).toBeTruthy();
  });

  it('drops a row deleted on its own from the selection, keeping the others', async () => {
    const rows = [
      { id: 1, name: 'a.txt' },
      { id: 2, name: 'b.txt' },
    ];
    const rerender = mount(result(rows), { batchActions: ({ ids }) => <span data-testid="ids">{ids.join(',')}</span> });
    const boxes = document.querySelectorAll('.ant-table-row input[type=checkbox]');
    expect(boxes.length).toBe(2);
    for (const box of boxes) fireEvent.click(box);
    expect(screen.getByTestId('ids').textContent).toBe('1,2');
    rerender(result([rows[1]!]));
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('2'));
  });

  it('shows a failed search as an error, not the previous results as if they matched', () => {
    const offline = {
      ...result([{ id: 1, name: 'old.txt' }]),
      isError: true,
      isPlaceholderData: true,
      error: new Error('network'),
    } as unknown as UseQueryResult<ListResult<Row>>;
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      mount(offline);
      expect(screen.queryByText('old.txt')).toBeNull();
      expect(screen.getByText('You are offline: the results of this search could not be fetched')).toBeTruthy();
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine;
      if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });

  it("keeps this query's rows when only their refresh failed, under a notice that they may be out of date", () => {
    mount({ ...result([{ id: 1, name: 'kept.txt' }]), isError: true, error: new Error('x') } as unknown as UseQueryResult<ListResult<Row>>);
    expect(screen.getByText('kept.txt')).toBeTruthy();
    expect(screen.getByTestId('list-stale')).toBeTruthy();
  });
});
