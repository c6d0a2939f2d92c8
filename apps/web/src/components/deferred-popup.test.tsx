import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DeferredDropdown, DeferredPopconfirm } from './deferred-popup.tsx';

afterEach(cleanup);

const menu = (picked: string[]) => ({
  items: [
    { key: 'a', label: 'Alpha' },
    { key: 'b', label: 'Beta' },
  ],
  onClick: ({ key }: { key: string }) => void picked.push(key),
});

describe('DeferredDropdown', () => {
  it('opens on the first press, before its module has arrived, and picks an item', async () => {
    const picked: string[] = [];
    render(
      <DeferredDropdown trigger={['click']} menu={menu(picked)}>
        <button type="button">Open</button>
      </DeferredDropdown>,
    );
    expect(screen.queryByText('Alpha')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(await screen.findByText('Beta'));
    expect(picked).toEqual(['b']);
    await waitFor(() => expect(document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)')).toBeNull());
  });

  it('keeps the focus on a button that was focused while the menu loaded, and opens on its next press', async () => {
    render(
      <DeferredDropdown trigger={['click']} menu={menu([])}>
        <button type="button">Open</button>
      </DeferredDropdown>,
    );
    const before = screen.getByRole('button', { name: 'Open' });
    before.focus();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' }).classList).toContain('ant-dropdown-trigger'));
    const after = screen.getByRole('button', { name: 'Open' });
    expect(document.activeElement).toBe(after);
    expect(screen.queryByText('Alpha')).toBeNull();
    fireEvent.click(after);
    expect(await screen.findByText('Alpha')).toBeTruthy();
  });
});

describe('DeferredPopconfirm', () => {
  it('asks on the first press, before its module has arrived, and confirms', async () => {
    const confirmed: string[] = [];
    render(
      <DeferredPopconfirm title="Sign this device out?" okText="OK" cancelText="Cancel" onConfirm={() => void confirmed.push('yes')}>
        <button type="button">Sign out</button>
      </DeferredPopconfirm>,
    );
    expect(screen.queryByText('Sign this device out?')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign this device out?')).toBeTruthy();
    expect(confirmed).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(confirmed).toEqual(['yes']);
  });
});
