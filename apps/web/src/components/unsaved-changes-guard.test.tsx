import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { flushSync } from 'react-dom';
import AntApp from 'antd/es/app';
import { confirmLeave, hasUnsavedChanges, resetUnsavedChanges, useUnsavedChanges } from '../lib/unsaved-changes.ts';
import { resetTokenStore, setToken } from '../lib/token-store.ts';
import { makeToken } from '../test/tokens.ts';
import i18n from '../i18n/index.ts';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';

function EditScreen({ survives = false }: { survives?: boolean }) {
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState('');
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges(value !== saved, { survivesOrganizationSwitch: survives });
  return (
    <div>
      <input aria-label="name" value={value} onChange={(e) => setValue(e.target.value)} />
      <button
        type="button"
        onClick={() =>
          void unsaved.whileSaving(async () => {
            setSaved(value);
            navigate('/list');
          })
        }
      >
        save and go
      </button>
      <Link to="/list">to list</Link>
      <Link to="/edit?tab=2">other tab</Link>
    </div>
  );
}

function renderApp(screenEl = <EditScreen />) {
  const router = createMemoryRouter(
    [
      {
        path: '/edit',
        element: (
          <AntApp>
            <UnsavedChangesGuard />
            {screenEl}
          </AntApp>
        ),
      },
      {
        path: '/list',
        element: (
          <AntApp>
            <UnsavedChangesGuard />
            <p>the list</p>
          </AntApp>
        ),
      },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <RouterProvider
      router={router}
      flushSync={(fn) => {
        flushSync(fn);
      }}
    />,
  );
  return router;
}

const edit = (text: string) => fireEvent.change(screen.getByLabelText('name'), { target: { value: text } });

beforeEach(async () => {
  resetUnsavedChanges();
  resetTokenStore();
  setToken(makeToken(), { broadcast: false });
  await i18n.changeLanguage('zh-TW');
});
afterEach(() => {
  cleanup();
  resetUnsavedChanges();
  document.body.innerHTML = '';
});

/** Work kept on the device (the gate's offline queue): only a sign-out would lose it. */
function DeviceQueue() {
  useUnsavedChanges(true, { lostOnlyOnSignOut: true });
  return null;
}

describe('unsaved changes', { timeout: 20_000 }, () => {
  it('leaves a clean screen without asking', async () => {
    const router = renderApp();
    fireEvent.click(screen.getByText('to list'));
    await screen.findByText('the list');
    expect(router.state.location.pathname).toBe('/list');
    expect(document.querySelector('.unsaved-changes-confirm')).toBeNull();
  });

  it('asks before a link leaves unsaved work; staying keeps the work, leaving goes', async () => {
    const router = renderApp();
    edit('王大明');
    fireEvent.click(screen.getByText('to list'));
    await screen.findAllByText('有尚未儲存的變更');
    expect(document.querySelectorAll('.unsaved-changes-confirm .ant-modal').length).toBe(1);
    fireEvent.click(screen.getByTestId('unsaved-stay'));
    await waitFor(() =>
      expect(router.state.blockers.size === 0 || [...router.state.blockers.values()].every((b) => b.state !== 'blocked')).toBe(true),
    );
    expect(router.state.location.pathname).toBe('/edit');
    expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('王大明');

    fireEvent.click(screen.getByText('to list'));
    await waitFor(() => expect(screen.getAllByTestId('unsaved-leave').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('unsaved-leave').at(-1)!);
    await screen.findByText('the list');
    expect(router.state.location.pathname).toBe('/list');
  });

  it('asks on Back too', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/list',
          element: (
            <AntApp>
              <UnsavedChangesGuard />
              <p>the list</p>
            </AntApp>
          ),
        },
        {
          path: '/edit',
          element: (
            <AntApp>
              <UnsavedChangesGuard />
              <EditScreen />
            </AntApp>
          ),
        },
      ],
      { initialEntries: ['/list', '/edit'], initialIndex: 1 },
    );
    render(
      <RouterProvider
        router={router}
        flushSync={(fn) => {
          flushSync(fn);
        }}
      />,
    );
    edit('x');
    await act(async () => {
      await router.navigate(-1);
    });
    await screen.findAllByText('有尚未儲存的變更');
    expect(router.state.location.pathname).toBe('/edit');
  });

  it('lets a change of the query string stay on the screen without asking', async () => {
    const router = renderApp();
    edit('x');
    fireEvent.click(screen.getByText('other tab'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(document.querySelector('.unsaved-changes-confirm')).toBeNull();
  });

  it('lets the screen navigate on its own while it saves', async () => {
    const router = renderApp();
    edit('x');
    fireEvent.click(screen.getByText('save and go'));
    await screen.findByText('the list');
    expect(router.state.location.pathname).toBe('/list');
  });

  it('does not hold anything once signed out', async () => {
    const router = renderApp();
    edit('x');
    resetTokenStore();
    await act(async () => {
      await router.navigate('/list');
    });
    await screen.findByText('the list');
  });

  it('asks the browser before the tab closes or reloads, only while there is unsaved work', async () => {
    renderApp();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    edit('x');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('asks before an organization switch or sign-out, unless the screen keeps its work across a switch', async () => {
    renderApp(<EditScreen survives />);
    edit('x');
    expect(hasUnsavedChanges('organization')).toBe(false);
    await expect(confirmLeave('organization')).resolves.toBe(true);
    expect(hasUnsavedChanges('sign-out')).toBe(true);
    const answer = confirmLeave('sign-out');
    fireEvent.click(await screen.findByTestId('unsaved-stay'));
    await expect(answer).resolves.toBe(false);
    expect(hasUnsavedChanges('sign-out')).toBe(true);
  });

  it('asks only before sign-out for work kept on the device (the gate queue): links, reloads and switches go', () => {
    render(<DeviceQueue />);
    expect(hasUnsavedChanges()).toBe(false);
    expect(hasUnsavedChanges('organization')).toBe(false);
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(false);
    expect(hasUnsavedChanges('sign-out')).toBe(true);
  });

  it('counts the screen clean after "leave anyway", until it changes again', async () => {
    renderApp();
    edit('x');
    const answer = confirmLeave('sign-out');
    fireEvent.click(await screen.findByTestId('unsaved-leave'));
    await expect(answer).resolves.toBe(true);
    expect(hasUnsavedChanges()).toBe(false);
  });
});
