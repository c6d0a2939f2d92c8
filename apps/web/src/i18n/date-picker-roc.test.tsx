import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import DatePicker from 'antd/es/date-picker';
import { setDateCalendar } from './index.ts';
import { pickerAdapterReady } from './dates.ts';

afterEach(() => {
  cleanup();
  setDateCalendar('gregorian');
});

function Picker({ onPick }: { onPick?: (v: Dayjs | null) => void }) {
  const [value, setValue] = useState<Dayjs | null>(dayjs('2026-11-23'));
  return (
    <DatePicker
      value={value}
      onChange={(v) => {
        setValue(v);
        onPick?.(v);
      }}
      data-testid="picker"
    />
  );
}

describe('Ant Design date picker and the 民國 preference', { timeout: 30_000 }, () => {
  it('shows the Gregorian day by default', () => {
    render(<Picker />);
    expect((screen.getByTestId('picker') as HTMLInputElement).value).toBe('2026-11-23');
  });

  it('shows 115/11/23 with 民國 on, and takes a typed 民國 date as the same Gregorian day', async () => {
    setDateCalendar('roc');
    await pickerAdapterReady();
    let picked: Dayjs | null = null;
    render(
      <Picker
        onPick={(v) => {
          picked = v;
        }}
      />,
    );
    const input = screen.getByTestId('picker') as HTMLInputElement;
    expect(input.value).toBe('115/11/23');
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '民國113年2月29日' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(picked?.format('YYYY-MM-DD')).toBe('2024-02-29'));
    await waitFor(() => expect(input.value).toBe('113/02/29'));
  });
});
