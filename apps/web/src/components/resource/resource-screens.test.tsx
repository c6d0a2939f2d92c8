import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import AntApp from 'antd/es/app';
import type { ComponentType } from 'react';
import { z } from 'zod';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { addTranslations, DEFAULT_NS, setLanguage } from '../../i18n/index.ts';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { RouteMetaContext } from '../../lib/route-meta.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resourceScreens } from './resource-screens.ts';

// The test resources' words, as a feature's i18n.ts holds them.
addTranslations('widget', {
  'zh-TW': { code: '代碼', name: '名稱', size: '尺寸', sizes: { s: '小', l: '大' }, search: '搜尋代碼', empty: '沒有小物' },
  'en-US': {
    code: 'Code',
    name: 'Name',
    size: 'Size',
    sizes: { s: 'Small', l: 'Large' },
    search: 'Search codes',
    empty: 'No gadgets came in yet',
  },
});
addTranslations(DEFAULT_NS, {
  'zh-TW': { route: { widget: { list: '零件', create: '新增零件', update: '編輯零件' }, gadget: { list: '小物', update: '編輯小物' } } },
  'en-US': {
    route: { widget: { list: 'Widgets', create: 'New widget', update: 'Edit widget' }, gadget: { list: 'Gadgets', update: 'Edit gadget' } },
  },
});

// A plain resource declared with nothing but its descriptor.
const feature = resourceScreens({
  name: 'widget',
  roles: { read: ['ROLE_STAFF'], write: ['ROLE_SUPER_ADMIN'] },
  menu: { order: 5 },
  screens: {
    apiPath: '/api/admin/widget',
    schema: z.strictObject({
      code: z.string().trim().min(1, VALIDATION_KEYS.required).max(20),
      name: z.string().trim().min(1, VALIDATION_KEYS.required),
      size: z.enum(['s', 'l']).optional(),
    }),
    columns: [
      { key: 'code', title: 'widget:code', sortable: true },
      { key: 'name', title: 'widget:name' },
      { key: 'size', title: 'widget:size' },
    ],
    fields: [
      { name: 'code', label: 'widget:code', required: true, testId: 'widget-code' },
      { name: 'name', label: 'widget:name', required: true, testId: 'widget-name' },
      {
        name: 'size',
        label: 'widget:size',
        input: 'select',
        options: [
          { value: 's', label: 'widget:sizes.s' },
          { value: 'l', label: 'widget:sizes.l' },
        ],
      },
    ],
  },
});

const widget = (id: number) => ({ id, code: `W${id}`, name: `Widget ${id}`, size: null });
let calls: { method: string; url: string; body: unknown }[];
let answer: (method: string, url: string) => Response | undefined;
const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });

const screens: Record<string, ComponentType> = {};
beforeAll(async () => {
  for (const r of feature.routes) if (r.screen !== 'placeholder') screens[r.name] = (await r.screen()).default;
});
beforeEach(async () => {
  await setLanguage('en-US');
  resetTokenStore();
  queryClient.clear();
  calls = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const custom = answer(method, url);
      if (custom) return custom;
      if (url.startsWith('/api/admin/widget/index')) {
        const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
        return json({ data: page === 1 ? [widget(1), widget(2)] : [widget(21)], meta: { page, per_page: 20, total: 21, last_page: 2 } });
      }
      if (/\/api\/admin\/widget\/\d+$/.test(url) && method === 'GET') return json(widget(Number(url.split('/').pop())));
      if (method === 'DELETE') return json({ message: 'ok' });
      return json({ data: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
});

const renderAt = (path: string, roles = ['ROLE_SUPER_ADMIN']) => {
  setToken(makeToken({ roles }), { broadcast: false });
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

describe('resourceScreens: a plain resource from one descriptor', { timeout: 30_000 }, () => {
  it('yields list, create and update routes and a menu entry', () => {
    expect(feature.routes.map((r) => [r.name, r.path, r.mode, r.roles])).toEqual([
      ['widget.list', '/admin/widget', undefined, ['ROLE_STAFF']],
      ['widget.create', '/admin/widget/create', 'create', ['ROLE_SUPER_ADMIN']],
      ['widget.update', '/admin/widget/:target/update', 'update', ['ROLE_STAFF']],
    ]);
    expect(feature.menu).toEqual([{ key: 'widget', route: 'widget.list', roles: ['ROLE_STAFF'], flag: undefined, order: 5 }]);
  });

  it('lists the declared columns, pages on the server and links a row to its update screen', async () => {
    renderAt('/admin/widget');
    const table = await screen.findByTestId('widget-table');
    await within(table).findByText('Widget 1');
    for (const title of ['Code', 'Name', 'Size', 'Actions']) expect(within(table).getAllByText(title).length).toBeGreaterThan(0);
    expect(within(table).getByText('W1').closest('a')?.getAttribute('href')).toBe('/admin/widget/1/update');
    expect(screen.getByText('21 in total')).toBeTruthy();
    fireEvent.click(within(table).getByTitle('2'));
    await within(table).findByText('Widget 21');
    expect(calls.some((c) => c.url.startsWith('/api/admin/widget/index') && c.url.includes('page=2'))).toBe(true);
  });

  it('shows a reader the list without create, edit or delete', async () => {
    renderAt('/admin/widget', ['ROLE_STAFF']);
    const table = await screen.findByTestId('widget-table');
    await within(table).findByText('Widget 1');
    expect(screen.queryByTestId('widget-create')).toBeNull();
    expect(within(table).queryByText('Actions')).toBeNull();
    expect(within(table).queryByText('Delete')).toBeNull();
  });

  it('deletes a row only once the confirmation naming it is accepted', async () => {
    renderAt('/admin/widget');
    const table = await screen.findByTestId('widget-table');
    await within(table).findByText('Widget 1');
    fireEvent.click(within(table).getAllByText('Delete')[0]!);
    expect((await screen.findAllByText('Delete?')).length).toBeGreaterThan(0);
    expect(within(document.querySelector('.destructive-confirm') as HTMLElement).getByText('W1')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(document.querySelector('[data-testid="confirm-ok"]')!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/widget/1']));
  });

  it("refuses an empty create with the schema's required errors, sending nothing", async () => {
    renderAt('/admin/widget/create');
    fireEvent.click(await screen.findByTestId('form-submit'));
    // The rules load their schema lazily: on a busy machine that takes longer than waitFor's default second.
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2), { timeout: 10_000 });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('puts a server 400 onto its field', async () => {
    answer = (method) =>
      method === 'POST' ? json({ message: 'validate.error', errors: { code: [VALIDATION_KEYS.invalid] } }, 400) : undefined;
    renderAt('/admin/widget/create');
    fireEvent.change(await screen.findByTestId('widget-code'), { target: { value: 'W9' } });
    fireEvent.change(screen.getByTestId('widget-name'), { target: { value: 'Nine' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ code: 'W9', name: 'Nine' }]));
    const codeItem = (await screen.findByTestId('widget-code')).closest('.ant-form-item') as HTMLElement;
    expect(await within(codeItem).findByText('Invalid format')).toBeTruthy();
    const nameItem = screen.getByTestId('widget-name').closest('.ant-form-item') as HTMLElement;
    expect(within(nameItem).queryByText('Invalid format')).toBeNull();
  });

  it('loads the record into the update form and saves it with PUT', async () => {
    renderAt('/admin/widget/2/update');
    await waitFor(() => expect((screen.getByTestId('widget-code') as HTMLInputElement).value).toBe('W2'));
    fireEvent.change(screen.getByTestId('widget-name'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/admin/widget/2', body: { code: 'W2', name: 'Renamed', size: null } },
      ]),
    );
  });
});

// A resource whose records come from elsewhere: no create, more batch actions, and a detail under the form.
const gadget = resourceScreens({
  name: 'gadget',
  roles: { read: ['ROLE_STAFF'], write: ['ROLE_SUPER_ADMIN'] },
  create: false,
  menu: { order: 6 },
  screens: {
    apiPath: '/api/admin/widget',
    schema: z.strictObject({ name: z.string().trim().min(1, VALIDATION_KEYS.required) }),
    columns: [{ key: 'code', title: 'widget:code' }],
    fields: [{ name: 'name', label: 'widget:name', testId: 'gadget-name' }],
    searchPlaceholder: 'widget:search',
    emptyText: 'widget:empty',
    batchActions: ({ ids, clear }) => (
      <button type="button" data-testid="gadget-batch" onClick={clear}>
        Mark {ids.join(',')}
      </button>
    ),
    detail: ({ record, canWrite }) => (
      <p data-testid="gadget-detail">
        {String((record as { name: string }).name)} {canWrite ? 'writable' : 'read-only'}
      </p>
    ),
  },
});

describe('resourceScreens: without create, with batch actions and a detail', { timeout: 30_000 }, () => {
  const gadgetScreens: Record<string, ComponentType> = {};
  beforeAll(async () => {
    for (const r of gadget.routes) if (r.screen !== 'placeholder') gadgetScreens[r.name] = (await r.screen()).default;
  });
  const renderGadget = (path: string, roles = ['ROLE_SUPER_ADMIN']) => {
    setToken(makeToken({ roles }), { broadcast: false });
    return render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <AntApp>
            <Routes>
              {gadget.routes.map((r) => {
                const Screen = gadgetScreens[r.name]!;
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

  it('yields list and update routes only', () => {
    expect(gadget.routes.map((r) => r.name)).toEqual(['gadget.list', 'gadget.update']);
  });

  it('lists without a create button, with the declared placeholder and the batch actions before delete', async () => {
    renderGadget('/admin/gadget');
    const table = await screen.findByTestId('gadget-table');
    await within(table).findByText('W1');
    expect(screen.queryByTestId('gadget-create')).toBeNull();
    expect(screen.getByPlaceholderText('Search codes')).toBeTruthy();
    fireEvent.click(within(table).getByText('W2').closest('tr')!.querySelector('.ant-checkbox-input')!);
    const batch = await screen.findByTestId('gadget-batch');
    expect(batch.textContent).toBe('Mark 2');
    expect(screen.getByTestId('batch-delete')).toBeTruthy();
    fireEvent.click(batch);
    await waitFor(() => expect(screen.queryByTestId('gadget-batch')).toBeNull());
  });

  it('says the declared empty text and offers no create in it', async () => {
    answer = (method, url) =>
      method === 'GET' && url.includes('/index') ? json({ data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } }) : undefined;
    renderGadget('/admin/gadget');
    await screen.findByText('No gadgets came in yet');
    expect(screen.queryByText('Create')).toBeNull();
  });

  it('shows the detail below the update form, read-only for a reader', async () => {
    renderGadget('/admin/gadget/2/update');
    expect((await screen.findByTestId('gadget-detail')).textContent).toBe('Widget 2 writable');
    cleanup();
    renderGadget('/admin/gadget/2/update', ['ROLE_STAFF']);
    expect((await screen.findByTestId('gadget-detail')).textContent).toBe('Widget 2 read-only');
  });
});
