import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import AntApp from 'antd/es/app';
import type { ComponentType } from 'react';
import { z } from 'zod';
import { addTranslations, DEFAULT_NS, setLanguage } from '../../i18n/index.ts';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { RouteMetaContext } from '../../lib/route-meta.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { attachToastSink } from '../../lib/toast.ts';
import { resourceScreens } from './resource-screens.ts';

addTranslations('part', {
  'zh-TW': { code: '代碼', name: '名稱' },
  'en-US': { code: 'Code', name: 'Name' },
});
addTranslations(DEFAULT_NS, {
  'zh-TW': { route: { part: { list: '零件', create: '新增零件', update: '編輯零件' } } },
  'en-US': { route: { part: { list: 'Parts', create: 'New part', update: 'Edit part' } } },
});

const feature = resourceScreens({
  name: 'part',
  roles: { read: ['ROLE_STAFF'], write: ['ROLE_SUPER_ADMIN'] },
  menu: { order: 5 },
  screens: {
    apiPath: '/api/admin/part',
    schema: z.strictObject({ code: z.string().trim().min(1), name: z.string().trim().min(1) }),
    columns: [
      { key: 'code', title: 'part:code' },
      { key: 'name', title: 'part:name' },
    ],
    fields: [
      { name: 'code', label: 'part:code', required: true, testId: 'part-code' },
      { name: 'name', label: 'part:name', required: true, testId: 'part-name' },
    ],
  },
});

type Call = { method: string; url: string; body: unknown; ifMatch?: string };
let calls: Call[];
let stored: { id: number; code: string; name: string; version: number };
let answer: (c: Call) => Response | undefined;
const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
const puts = () => calls.filter((c) => c.method === 'PUT');
const toasts: string[] = [];
const radio = (dialog: HTMLElement, id: string) => {
  const el = within(dialog).getByTestId(id);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

const screens: Record<string, ComponentType> = {};
beforeAll(async () => {
  for (const r of feature.routes) if (r.screen !== 'placeholder') screens[r.name] = (await r.screen()).default;
});
beforeEach(async () => {
  await setLanguage('en-US');
  resetTokenStore();
  queryClient.clear();
  calls = [];
  toasts.length = 0;
  attachToastSink({ open: (_type, o) => toasts.push(String(o.title)), destroy: () => {} });
  stored = { id: 2, code: 'P2', name: 'Part two', version: 3 };
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined, ifMatch: headers['if-match'] };
      calls.push(call);
      const custom = answer(call);
      if (custom) return custom;
      if (url.startsWith('/api/admin/part/index'))
        return json({
          data: [{ ...stored }, { id: 5, code: 'P5', name: 'Part five', version: 9 }],
          meta: { page: 1, per_page: 20, total: 2, last_page: 1 },
        });
      if (url.startsWith('/api/admin/record-versions/')) return json({ version: stored.version, changed_by: null, changed_at: null });
      if (url === '/api/admin/part/2' && method === 'GET') return json(stored);
      if (url === '/api/admin/part/2' && method === 'PUT') {
        stored = { ...stored, ...(call.body as object), version: stored.version + 1 };
        return json(stored);
      }
      return json({ message: 'ok' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  attachToastSink(null);
  resetTokenStore();
});

const renderAt = (path: string) => {
  setToken(makeToken({ roles: ['ROLE_SUPER_ADMIN'] }), { broadcast: false });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AntApp>
          <Routes>
            {feature.routes.map((r) => {
              const Screen = screens[r.name]!;
              return (
                <Route
                  key={r.name}
                  path={r.path}
                  element={
                    <RouteMetaContext.Provider value={{ ...r, layout: 'admin' }}>
                      <Screen />
                    </RouteMetaContext.Provider>
                  }
                />
              );
            })}
          </Routes>
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

/** Someone else saves the record: its version moves on, as the server counts it. */
const editedElsewhere = (change: Partial<typeof stored>) => {
  stored = { ...stored, ...change, version: stored.version + 1 };
};
const conflict409 = () =>
  json(
    {
      statusCode: 409,
      error: 'Conflict',
      message: 'validate.error.edited_elsewhere',
      key: 'validate.error.edited_elsewhere',
      conflict: {
        id: 2,
        version: stored.version,
        changed_by: { id: 7, name: '王小明' },
        changed_at: '2026-12-02T02:42:00.000Z',
        fields: ['name'],
        current: stored,
      },
    },
    409,
  );

describe('versions on the web (issue 36)', { timeout: 30_000 }, () => {
  it('saves an update with the version the form was loaded at, then the next one with the saved version', async () => {
    renderAt('/admin/part/2/update');
    const name = await screen.findByTestId('part-name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Part two'));
    fireEvent.change(name, { target: { value: 'Part 2' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ url: '/api/admin/part/2', ifMatch: '"3"', body: { code: 'P2', name: 'Part 2' } });
    await waitFor(() => expect(toasts).toContain('Saved'));
    fireEvent.change(name, { target: { value: 'Part II' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]!.ifMatch).toBe('"4"');
  });

  it('on a 409 shows their value beside mine per field, keeps my input, and saves the choice with the new version', async () => {
    answer = (c) => (c.method === 'PUT' && c.ifMatch !== `"${stored.version}"` ? conflict409() : undefined);
    renderAt('/admin/part/2/update');
    const name = await screen.findByTestId('part-name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Part two'));
    fireEvent.change(name, { target: { value: 'My name' } });
    fireEvent.change(screen.getByTestId('part-code'), { target: { value: 'MY-CODE' } });
    editedElsewhere({ name: 'Their name', code: 'THEIR-CODE' });
    fireEvent.click(screen.getByTestId('form-submit'));

    const dialog = await screen.findByTestId('conflict-dialog');
    expect(within(dialog).getByTestId('conflict-who').textContent).toBe('王小明 changed this record at 10:42.');
    // The form's own labels name the fields; both sides are shown.
    const nameBox = within(dialog).getByTestId('conflict-field-name');
    expect(within(nameBox).getByText('Name')).toBeTruthy();
    expect(within(nameBox).getByText('Their name')).toBeTruthy();
    expect(within(nameBox).getByText('My name')).toBeTruthy();
    // Both changed both fields: nothing is saved before the user chose each.
    const apply = within(dialog).getByTestId('conflict-apply') as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.click(radio(dialog, 'conflict-mine-name'));
    expect(apply.disabled).toBe(true);
    fireEvent.click(radio(dialog, 'conflict-theirs-code'));
    expect(apply.disabled).toBe(false);
    expect(puts()).toHaveLength(1);
    fireEvent.click(apply);

    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toMatchObject({ ifMatch: '"4"', body: { code: 'THEIR-CODE', name: 'My name' } });
    await waitFor(() => expect(stored).toMatchObject({ code: 'THEIR-CODE', name: 'My name', version: 5 }));
  });

  it('a 409 where nothing of the form differs saves again at the new version without asking', async () => {
    answer = (c) => (c.method === 'PUT' && c.ifMatch !== `"${stored.version}"` ? conflict409() : undefined);
    renderAt('/admin/part/2/update');
    const name = await screen.findByTestId('part-name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Part two'));
    fireEvent.change(name, { target: { value: 'Same name' } });
    editedElsewhere({ name: 'Same name' });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts().map((c) => c.ifMatch)).toEqual(['"3"', '"4"']);
    expect(screen.queryByTestId('conflict-dialog')).toBeNull();
  });

  it('cancelling the dialog keeps every value the user typed', async () => {
    answer = (c) => (c.method === 'PUT' ? conflict409() : undefined);
    renderAt('/admin/part/2/update');
    const name = await screen.findByTestId('part-name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Part two'));
    fireEvent.change(name, { target: { value: 'My name' } });
    editedElsewhere({ name: 'Their name' });
    fireEvent.click(screen.getByTestId('form-submit'));
    fireEvent.click(within(await screen.findByTestId('conflict-dialog')).getByTestId('conflict-cancel'));
    await waitFor(() => expect(screen.queryByTestId('conflict-dialog')).toBeNull());
    expect((screen.getByTestId('part-name') as HTMLInputElement).value).toBe('My name');
    expect(puts()).toHaveLength(1);
  });

  it('a refetch of a newer version keeps edits in progress and says the form is behind; loading theirs merges field by field', async () => {
    renderAt('/admin/part/2/update');
    const name = await screen.findByTestId('part-name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Part two'));
    fireEvent.change(name, { target: { value: 'My name' } });
    editedElsewhere({ code: 'THEIR-CODE' });
    await act(() => queryClient.invalidateQueries({ queryKey: ['/api/admin/part'] }));
    await act(() => queryClient.refetchQueries({ queryKey: ['record-versions'] }));
    const bar = await screen.findByTestId('record-behind');
    expect(bar.textContent).toContain('Someone else changed this record');
    expect((screen.getByTestId('part-name') as HTMLInputElement).value).toBe('My name');
    expect((screen.getByTestId('part-code') as HTMLInputElement).value).toBe('P2');

    fireEvent.click(within(bar).getByTestId('record-behind-load'));
    const dialog = await screen.findByTestId('conflict-dialog');
    // Only one side changed each field: each starts on that side.
    expect(radio(dialog, 'conflict-mine-name').checked).toBe(true);
    expect(radio(dialog, 'conflict-theirs-code').checked).toBe(true);
    fireEvent.click(within(dialog).getByTestId('conflict-apply'));
    await waitFor(() => expect((screen.getByTestId('part-code') as HTMLInputElement).value).toBe('THEIR-CODE'));
    expect((screen.getByTestId('part-name') as HTMLInputElement).value).toBe('My name');
    await waitFor(() => expect(screen.queryByTestId('record-behind')).toBeNull());
    expect(puts()).toHaveLength(0);
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ ifMatch: '"4"', body: { code: 'THEIR-CODE', name: 'My name' } });
  });

  it('polls the record-versions endpoint of the record', async () => {
    renderAt('/admin/part/2/update');
    await screen.findByTestId('part-name');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/record-versions/part/2')).toBe(true));
  });

  it('a 428 says the save carried no version', async () => {
    answer = (c) =>
      c.method === 'PUT'
        ? json(
            {
              statusCode: 428,
              error: 'Precondition Required',
              message: 'validate.error.version_required',
              key: 'validate.error.version_required',
            },
            428,
          )
        : undefined;
    renderAt('/admin/part/2/update');
    const name = await screen.findByTestId('part-name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Part two'));
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(toasts.some((t) => t.includes('did not say which version'))).toBe(true));
  });

  it('a row deleted from the list sends the version its row was shown at; a batch sends each row’s', async () => {
    renderAt('/admin/part');
    const table = await screen.findByTestId('part-table');
    await within(table).findByText('Part five');
    fireEvent.click(within(table).getAllByText('Delete')[1]!);
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ url: '/api/admin/part/5', ifMatch: '"9"' });

    for (const box of within(table).getAllByRole('checkbox').slice(1)) fireEvent.click(box);
    fireEvent.click(await screen.findByTestId('batch-delete'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE')[1]).toMatchObject({
      url: '/api/admin/part/batch',
      body: { ids: [2, 5], versions: { '2': 3, '5': 9 } },
    });
  });
});
