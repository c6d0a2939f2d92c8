import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import AntApp from 'antd/es/app';
import '../../i18n/index.ts';
import { setLanguage } from '../../i18n/index.ts';
import { attachToastSink } from '../../lib/toast.ts';
import { useDeleteRows } from './use-delete-rows.ts';

const removed: unknown[] = [];
const batchRemoved: unknown[] = [];
const resource = {
  useRemove: () => ({
    mutateAsync: async (v: unknown) => {
      removed.push(v);
    },
  }),
  useBatchRemove: () => ({
    mutateAsync: async (v: unknown) => {
      batchRemoved.push(v);
    },
  }),
} as unknown as Parameters<typeof useDeleteRows>[0];

type Texts = Parameters<typeof useDeleteRows>[1];
function Harness({ ids, names, onDone, texts }: { ids: number[]; names: string[]; onDone(ok: boolean): void; texts?: Texts }) {
  const del = useDeleteRows(resource, texts);
  return (
    <button type="button" onClick={async () => onDone(await del(ids, names))}>
      go
    </button>
  );
}

beforeEach(async () => {
  await setLanguage('en-US');
  removed.length = 0;
  batchRemoved.length = 0;
});
afterEach(() => cleanup());

describe('useDeleteRows', () => {
  it('asks "Delete?" naming the one row, then removes it by id', async () => {
    const done = vi.fn();
    render(
      <AntApp>
        <Harness ids={[7]} names={['Alice']} onDone={done} />
      </AntApp>,
    );
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
    render(
      <AntApp>
        <Harness ids={[1, 2]} names={['A', 'B']} onDone={done} />
      </AntApp>,
    );
    fireEvent.click(screen.getByText('go'));
    expect((await screen.findAllByText('Delete 2 records?')).length).toBeGreaterThan(0);
    fireEvent.click(document.querySelector('[data-testid="confirm-ok"]')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith(true));
    expect(batchRemoved).toEqual([{ ids: [1, 2] }]);
    expect(removed).toEqual([]);
  });

  it('words the confirmation and the outcome toast for the resource when given texts', async () => {
    const done = vi.fn();
    const toasts: unknown[] = [];
    attachToastSink({ open: (_type, o) => toasts.push(o.title), destroy: () => {} });
    render(
      <AntApp>
        <Harness
          ids={[1, 2]}
          names={['a.jpg', 'b.jpg']}
          onDone={done}
          texts={{ confirm: (n) => `Delete ${n} photos?`, done: (n) => `${n} photos deleted` }}
        />
      </AntApp>,
    );
    fireEvent.click(screen.getByText('go'));
    expect((await screen.findAllByText('Delete 2 photos?')).length).toBeGreaterThan(0);
    expect(screen.getByText('b.jpg')).toBeTruthy();
    fireEvent.click(document.querySelector('[data-testid="confirm-ok"]')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith(true));
    expect(toasts.at(-1)).toBe('2 photos deleted'); // earlier tests' toasts wait for a sink too
    attachToastSink(null);
  });
});
