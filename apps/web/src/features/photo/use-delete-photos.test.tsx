import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import AntApp from 'antd/es/app';
import type { PhotoUses } from '@bo/shared/schemas/photo';
import '../../i18n/index.ts';
import { setLanguage } from '../../i18n/index.ts';
import { useDeletePhotos } from './use-delete-photos.tsx';

const IN_USE: PhotoUses = {
  data: [
    { photo_id: 5, kind: 'banner', id: 1, label: '春季促銷', place: 'home', on_website: true, organization_id: null },
    { photo_id: 5, kind: 'staff', id: 8, label: '王小明', place: null, on_website: false, organization_id: 3 },
    { photo_id: 6, kind: 'staff', id: 9, label: '李大華', place: null, on_website: false, organization_id: 3 },
    { photo_id: 6, kind: 'product', id: 4, label: '', place: null, on_website: false, organization_id: null },
  ],
  hidden: 2,
};
const removed: [number[], boolean][] = [];

function Harness({ uses, ids, onDone }: { uses: PhotoUses; ids: number[]; onDone(ok: boolean): void }) {
  const del = useDeletePhotos({
    uses: async () => uses,
    remove: async (i, confirmUses) => {
      removed.push([i, confirmUses]);
    },
  });
  return (
    <button
      type="button"
      onClick={async () =>
        onDone(
          await del(
            ids,
            ids.map((i) => `photo-${i}`),
          ),
        )
      }
    >
      go
    </button>
  );
}
const open = (uses: PhotoUses, ids: number[], done = vi.fn()) => {
  render(
    <AntApp>
      <Harness uses={uses} ids={ids} onDone={done} />
    </AntApp>,
  );
  fireEvent.click(screen.getByText('go'));
  return done;
};

beforeEach(async () => {
  await setLanguage('zh-TW');
  removed.length = 0;
});
afterEach(() => cleanup());

describe('deleting library photos', () => {
  it('names every use, the website banner as going off the site, and deletes only once confirmed', async () => {
    const done = open(IN_USE, [5, 6]);
    expect((await screen.findAllByText('刪除 2 張使用中的相片？')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('photo-use-on-website').textContent).toBe('首頁橫幅『春季促銷』會從網站上移除');
    expect(screen.getByText('員工照片：王小明、李大華')).toBeTruthy();
    expect(screen.getByText('產品：（未命名）')).toBeTruthy();
    expect(screen.getByText('另有 2 處在其他組織使用，也會失去相片')).toBeTruthy();
    expect(removed).toEqual([]);
    fireEvent.click(document.querySelector('[data-testid="confirm-ok"]')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith(true));
    expect(removed).toEqual([[[5, 6], true]]);
  });

  it('deletes nothing when the user cancels', async () => {
    const done = open(IN_USE, [5]);
    await screen.findAllByText('刪除 1 張使用中的相片？');
    fireEvent.click(document.querySelector('.ant-modal-confirm-btns button:not([data-testid="confirm-ok"])')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith(false));
    expect(removed).toEqual([]);
  });

  it('asks the plain question for a photo nothing uses, without confirming uses', async () => {
    const done = open({ data: [], hidden: 0 }, [7]);
    expect((await screen.findAllByText('刪除 1 張相片？')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('photo-uses')).toBeNull();
    fireEvent.click(document.querySelector('[data-testid="confirm-ok"]')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith(true));
    expect(removed).toEqual([[[7], false]]);
  });

  it('says it in English too', async () => {
    await setLanguage('en-US');
    open(IN_USE, [5]);
    expect((await screen.findAllByText('Delete 1 photo(s) in use?')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('photo-use-on-website').textContent).toBe('Home banner “春季促銷” will be taken off the website');
    expect(screen.getByText('Staff photo: 王小明, 李大華')).toBeTruthy();
  });
});
