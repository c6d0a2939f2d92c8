import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import AntApp from 'antd/es/app';
import '../../i18n/index.ts';
import { setLanguage } from '../../i18n/index.ts';
import { useBatchStatus } from './use-batch-status.ts';

const patched: unknown[] = [];
const resource = {
  useBatchPatch: () => ({
    mutateAsync: async (v: unknown) => {
      patched.push(v);
    },
  }),
} as unknown as Parameters<typeof useBatchStatus>[0];

function Harness({
  ids,
  names,
  status,
  onDone,
}: {
  ids: number[];
  names: string[];
  status: 'active' | 'disabled';
  onDone(ok: boolean): void;
}) {
  const setStatus = useBatchStatus(resource);
  return (
    <button type="button" onClick={async () => onDone(await setStatus(ids, names, status))}>
      go
    </button>
  );
}
const run = (ids: number[], names: string[], status: 'active' | 'disabled', done: (ok: boolean) => void) => {
  render(
    <AntApp>
      <Harness ids={ids} names={names} status={status} onDone={done} />
    </AntApp>,
  );
  fireEvent.click(screen.getByText('go'));
};
const dialog = () => document.querySelector('.ant-modal-confirm') as HTMLElement | null;

beforeEach(async () => {
  await setLanguage('en-US');
  patched.length = 0;
});
afterEach(() => cleanup());

describe('batch enable / disable of admins', () => {
  it('asks before disabling, naming the admins, and disables only once confirmed', async () => {
    const done = vi.fn();
    run([3, 4], ['Ann <ann@example.com>', 'Bob <bob@example.com>'], 'disabled', done);
    expect((await screen.findAllByText('Disable 2 admins?')).length).toBeGreaterThan(0);
    expect(dialog()!.textContent).toContain('This disables:');
    expect(dialog()!.textContent).toContain('Ann <ann@example.com>');
    expect(dialog()!.textContent).toContain('Bob <bob@example.com>');
    expect(dialog()!.textContent).toContain('cannot sign in until they are enabled again');
    expect(dialog()!.textContent).not.toContain('cannot be undone');
    expect(patched).toEqual([]);
    fireEvent.click(document.querySelector('[data-testid="confirm-ok"]')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith(true));
    expect(patched).toEqual([{ ids: [3, 4], field: 'status', value: 'disabled' }]);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const done = vi.fn();
    run([3], ['Ann'], 'disabled', done);
    expect((await screen.findAllByText('Disable this admin?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(false));
    expect(patched).toEqual([]);
  });

  it('asks in Traditional Chinese too', async () => {
    await setLanguage('zh-TW');
    run([3, 4], ['Ann', 'Bob'], 'disabled', vi.fn());
    expect((await screen.findAllByText('確定停用 2 位管理員？')).length).toBeGreaterThan(0);
    expect(dialog()!.textContent).toContain('將會停用：');
    expect(dialog()!.textContent).toContain('停用後這些管理員會無法登入');
  });

  it('enables without asking', async () => {
    const done = vi.fn();
    run([3], ['Ann'], 'active', done);
    await waitFor(() => expect(done).toHaveBeenCalledWith(true));
    expect(dialog()).toBeNull();
    expect(patched).toEqual([{ ids: [3], field: 'status', value: 'active' }]);
  });
});
