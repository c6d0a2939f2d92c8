import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { GalleryInput, moveItem } from './gallery-input.tsx';

const photo = (id: number, title: string) => ({
  id,
  title,
  alt: '',
  size_list: { tiny: { url: `/p/${id}.jpg` } },
});

function Harness() {
  const [ids, setIds] = useState([1, 2, 3]);
  return (
    <>
      <GalleryInput value={ids} onChange={setIds} known={[photo(1, '一'), photo(2, '二'), photo(3, '三')] as never} ordered coverFirst />
      <output data-testid="ids">{ids.join(',')}</output>
    </>
  );
}

describe('gallery input', () => {
  afterEach(cleanup);

  it('moves an item one place, and leaves the list as it is at either end', () => {
    expect(moveItem([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('reorders and removes photos, marking the first as the cover', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Harness />
      </QueryClientProvider>,
    );
    expect(screen.queryByLabelText('一 往前移')).toBeNull();
    expect(screen.queryByLabelText('三 往後移')).toBeNull();
    fireEvent.click(screen.getByLabelText('三 往前移'));
    expect(screen.getByTestId('ids').textContent).toBe('1,3,2');
    fireEvent.click(screen.getByLabelText('三 往前移'));
    expect(screen.getByTestId('ids').textContent).toBe('3,1,2');
    expect(screen.getByText('封面').closest('figure')!.querySelector('img')!.getAttribute('alt')).toBe('三');
    fireEvent.click(screen.getByLabelText('移除 一'));
    expect(screen.getByTestId('ids').textContent).toBe('3,2');
  });
});
