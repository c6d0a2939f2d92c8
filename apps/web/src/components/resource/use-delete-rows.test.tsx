import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import AntApp from 'antd/es/app';
import '../../i18n/index.ts';
import { setLanguage } from '../../i18n/index.ts';
import { useDeleteRows } from './use-delete-rows.ts';

const removed: unknown[] = [];
const batchRemoved: unknown[] = [];
const resource = {
  useRemove: () => ({ mutateAsync: async (v: unknown) => { removed.push(v); } }),
  useBatchRemove: () => ({ mutateAsync: async (v: unknown) => { batchRemoved.push(v); } }),
} as unknown as Parameters<typeof useDeleteRows>[0];

function Harness({ ids, names, onDone }: { ids: number[]; names: string[]; onDone(ok: boolean): void }) {
  const del = useDeleteRows(resource);
  return <button type="button" onClick={async () => onDone(await del(ids, names))}>go</button>;
}

beforeEach(async () => { await setLanguage('en-US'); removed.length = 0; batchRemoved.length = 0; });
afterEach(() => cleanup());

describe('useDeleteRows', () => {
  it('asks "Delete?" naming the one row, then removes it by id', async () => {
    const done = vi.fn();
    render(<AntApp><Harness ids={[7]} names={['Alice']} onDone={done} /></AntApp>);
    fireEvent.click(screen.getByText('go'));
    expect((await screen.findAllByText('Delete?')).length).toBeGreaterThan(0);
    expect(screen.getByText('Alice')).toBeTruthy();
    fireEvent.click(document.querySelector('[data-testid="confirm-ok"]')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith(true));
    expect(removed).toEqual([{ id: 7 }]);
    expect(batchRemoved).toEqual([]);
  });

  it('asks with the count for several rows, then removes them in one batch', async () => {
    const done = vi.fn();
    render(<AntApp><Harness ids={[1, 2]} names={['A', 'B']} onDone={done} /></AntApp>);
    fireEvent.click(screen.getByText('go'));
    expect((await screen.findAllByText('Delete 2 records?')).length).toBeGreaterThan(0);
    fireEvent.click(document.querySelector('[data-testid="confirm-ok"]')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith(true));
    expect(batchRemoved).toEqual([{ ids: [1, 2] }]);
    expect(removed).toEqual([]);
  });
});
