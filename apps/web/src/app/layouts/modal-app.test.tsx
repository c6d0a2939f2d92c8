import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import AntApp from 'antd/es/app';
import { describe, expect, it } from 'vitest';
import { ModalApp } from './modal-app.tsx';

function Confirmer() {
  const { modal } = AntApp.useApp();
  return (
    <button type="button" onClick={() => modal.confirm({ title: '登出其他裝置？' })}>
      open
    </button>
  );
}

describe('ModalApp', () => {
  it("gives App.useApp()'s modal to the screens inside antd's App element", async () => {
    const { container } = render(
      <ModalApp className="admin-app">
        <Confirmer />
      </ModalApp>,
    );
    expect(container.firstElementChild?.className).toBe('ant-app bo admin-app');
    fireEvent.click(screen.getByText('open'));
    expect((await screen.findAllByText('登出其他裝置？')).length).toBeGreaterThan(0);
    expect(document.querySelector('.ant-modal-confirm')).not.toBeNull();
  });

  it('is all the admin screens take from App.useApp() (no message or notification: toasts have their own host)', () => {
    const src = resolve(import.meta.dirname, '../..');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    const uses = files.flatMap((f) =>
      [...readFileSync(join(src, f), 'utf8').matchAll(/const (\{[^}]*\}) = \w+\.useApp\(\)/g)].map((m) => m[1]),
    );
    const calls = files.flatMap((f) => [...readFileSync(join(src, f), 'utf8').matchAll(/=\s*\w+\.useApp\(\)/g)]);
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.length).toBe(calls.length);
    expect(new Set(uses)).toEqual(new Set(['{ modal }']));
  });
});
