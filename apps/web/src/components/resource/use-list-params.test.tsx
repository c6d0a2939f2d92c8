import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { useListParams } from './use-list-params.ts';

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => ({ list: useListParams(['status', 'role'] as const, { sort: 'id', order: 'desc' }), location: useLocation() }), {
    wrapper,
  });
}

describe('useListParams', () => {
  it('reads page, sort, keyword and filters from the URL, with defaults for the rest', () => {
    const { result } = setup('/admin/admin?page=3&sort=name&order=asc&keyword=zed&status=disabled&org=alpha');
    expect(result.current.list.params).toEqual({
      page: 3,
      per_page: 20,
      sort: 'name',
      order: 'asc',
      keyword: 'zed',
      filters: { status: 'disabled' },
    });
    expect(result.current.list.query).toEqual({ page: 3, per_page: 20, sort: 'name', order: 'asc', keyword: 'zed', status: 'disabled' });
    expect(result.current.list.filtered).toBe(true);
  });

  it('writes changes to the URL, back to page 1 on a filter change, leaving defaults and other parameters out', () => {
    const { result } = setup('/admin/admin?page=3&org=alpha');
    act(() => result.current.list.set({ filters: { role: 'ROLE_BASE' } }));
    expect(result.current.location.search).toBe('?org=alpha&role=ROLE_BASE');
    act(() => result.current.list.set({ page: 2 }));
    expect(result.current.list.params.page).toBe(2);
    act(() => result.current.list.set({ sort: 'id', order: 'desc', filters: { role: null } }));
    expect(result.current.location.search).toBe('?org=alpha');
    act(() => result.current.list.set({ keyword: 'x', per_page: 50 }));
    act(() => result.current.list.reset());
    expect(result.current.location.search).toBe('?org=alpha');
  });

  it('ignores nonsense in the URL', () => {
    const { result } = setup('/admin/admin?page=-1&per_page=7&order=sideways');
    expect(result.current.list.params).toMatchObject({ page: 1, per_page: 20, order: 'desc' });
  });
});
