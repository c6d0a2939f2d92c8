import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import { setLanguage } from '../i18n/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { resetOrganizations, setOrganizationState } from '../lib/organization-store.ts';
import { PhotoLibraryPicker } from './photo-library-picker.tsx';

const photo = (id: number, name: string) => ({
  id,
  title: '',
  alt: '',
  original_name: name,
  size_list: { small: { url: `/p/${id}-small.jpg` } },
});
let uploads: { url: string; file: string | null }[];
let uploadStatus: number;
let nextId: number;

/** The browser's XMLHttpRequest as the upload uses it: progress first, then the server's answer. */
class FakeXhr {
  status = 0;
  responseText = '';
  responseType = 'text';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  private url = '';
  open(_m: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  send(body: FormData) {
    const file = body.get('file') as File | null;
    uploads.push({ url: this.url, file: file?.name ?? null });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = uploadStatus;
      this.responseText = JSON.stringify(
        uploadStatus === 200 ? photo(nextId++, file!.name) : { message: 'Validation failed', errors: { file: ['x'] } },
      );
      this.onload?.();
    }, 0);
  }
}

let listed: ReturnType<typeof photo>[];
beforeEach(async () => {
  await setLanguage('en-US');
  queryClient.clear();
  uploads = [];
  uploadStatus = 200;
  nextId = 100;
  listed = [];
  setOrganizationState([{ id: 3, uid: 'a', name: 'North', company_id: null, status: 'active', sub_account_roles: [] }], 3);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: listed, meta: { page: 1, per_page: 24, total: listed.length, last_page: 1 } }))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetOrganizations();
});

const renderPicker = (onPick = vi.fn()) => {
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <PhotoLibraryPicker open onClose={() => {}} onPick={onPick} />
      </AntApp>
    </QueryClientProvider>,
  );
  return onPick;
};
const choose = (...names: string[]) =>
  fireEvent.change(screen.getByTestId('photo-picker-file-input'), {
    target: { files: names.map((n) => new File(['x'], n, { type: 'image/png' })) },
  });

describe('the photo picker’s upload (issue 42, item 8)', () => {
  it('uploads into the company’s library (whichever organization is selected) from an empty picker and chooses the one photo uploaded', async () => {
    const onPick = renderPicker();
    expect(await screen.findByText(/The photo library has no photos yet/)).toBeTruthy();
    choose('site.png');
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 100, original_name: 'site.png' })));
    expect(uploads).toEqual([{ url: '/api/admin/photo/upload?library=company', file: 'site.png' }]);
    expect(screen.getByTestId('upload-progress').dataset.status).toBe('done');
  });

  it('uploads several and lists them to choose from, picking none by itself', async () => {
    const onPick = renderPicker();
    await screen.findByText(/The photo library has no photos yet/);
    listed = [photo(101, 'b.png'), photo(100, 'a.png')];
    choose('a.png', 'b.png');
    expect(await screen.findByTestId('photo-library-item-101')).toBeTruthy();
    expect(uploads.map((u) => u.file)).toEqual(['a.png', 'b.png']);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('shows a refused upload on its progress bar and chooses nothing', async () => {
    uploadStatus = 422;
    const onPick = renderPicker();
    await screen.findByText(/The photo library has no photos yet/);
    choose('bad.png');
    await waitFor(() => expect(screen.getByTestId('upload-progress').dataset.status).toBe('error'));
    expect(onPick).not.toHaveBeenCalled();
  });
});
