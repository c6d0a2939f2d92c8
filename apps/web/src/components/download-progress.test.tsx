import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '../i18n/index.ts';
import { ApiError } from '../lib/api-client.ts';
import { attachToastSink, type ToastType } from '../lib/toast.ts';
import { DownloadProgress, useDownloads, type DownloadOptions, type FetchBlob } from './download-progress.tsx';

let toasts: Array<{ type: ToastType; title: unknown; description: unknown }>;
let saved: string[];
let progress: (p: number) => void;
let finish: (r: { blob: Blob; filename: string }) => void;
let fail: (e: unknown) => void;
const fetchBlob: FetchBlob = (onProgress) => {
  progress = onProgress;
  return new Promise((res, rej) => {
    finish = res;
    fail = rej;
  });
};

function Harness({ options, onDone }: { options?: DownloadOptions; onDone(ok: boolean): void }) {
  const downloads = useDownloads();
  return (
    <>
      <button type="button" disabled={downloads.busy} onClick={async () => onDone(await downloads.run('Roster', fetchBlob, options))}>
        go
      </button>
      <DownloadProgress jobs={downloads.jobs} />
    </>
  );
}

beforeEach(async () => {
  await setLanguage('en-US');
  toasts = [];
  saved = [];
  attachToastSink({ open: (type, o) => toasts.push({ type, title: o.title, description: o.description }), destroy: () => {} });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  attachToastSink(null);
  vi.restoreAllMocks();
});

describe('useDownloads and DownloadProgress', () => {
  it('shows "building" until the size is known, then the percentage; saves the file and toasts its name', async () => {
    const done = vi.fn();
    render(<Harness onDone={done} />);
    expect(screen.queryByTestId('download-progress')).toBeNull();
    fireEvent.click(screen.getByText('go'));
    expect(await screen.findByText('Building the file…')).toBeTruthy();
    expect(screen.getByText('Roster')).toBeTruthy();
    expect((screen.getByText('go') as HTMLButtonElement).disabled).toBe(true);
    act(() => progress(42));
    expect(screen.getByText('Downloading… 42%')).toBeTruthy();
    expect(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')).toBe('42');
    await act(async () => finish({ blob: new Blob(['x']), filename: 'roster.xlsx' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(true));
    expect(saved).toEqual(['roster.xlsx']);
    expect(toasts).toEqual([{ type: 'success', title: 'Downloaded roster.xlsx', description: undefined }]);
    expect(screen.queryByTestId('download-progress')).toBeNull();
  });

  it("toasts a failure with the caller's title and the error as its description, saving nothing", async () => {
    const done = vi.fn();
    render(<Harness onDone={done} options={{ failed: 'Export failed', done: (n) => `Exported ${n}` }} />);
    fireEvent.click(screen.getByText('go'));
    await screen.findByTestId('download-progress');
    await act(async () => fail(new ApiError(500, 'Disk full')));
    await waitFor(() => expect(done).toHaveBeenCalledWith(false));
    expect(saved).toEqual([]);
    expect(toasts).toEqual([{ type: 'error', title: 'Export failed', description: 'Disk full' }]);
    expect(screen.queryByTestId('download-progress')).toBeNull();
  });
});
