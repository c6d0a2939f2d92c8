import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDevice } from './device.ts';

function Probe() {
  const { size, mobile } = useDevice();
  return <span data-testid="device">{`${size} ${mobile ? 'mobile' : 'desktop'}`}</span>;
}

let reads = 0;
/** window.innerWidth as a getter that counts its reads (each one a layout in a browser). */
const setWidth = (width: number) =>
  Object.defineProperty(window, 'innerWidth', {
    get: () => {
      reads++;
      return width;
    },
    configurable: true,
  });

afterEach(() => {
  setWidth(1024);
});

describe('useDevice', () => {
  it('reads the width once, not at every render, and again after a resize', () => {
    setWidth(390);
    window.dispatchEvent(new Event('resize'));
    reads = 0;
    const { rerender } = render(<Probe />);
    rerender(<Probe />);
    rerender(<Probe />);
    expect(screen.getByTestId('device').textContent).toBe('xs mobile');
    expect(reads).toBeLessThanOrEqual(1);
    setWidth(1440);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByTestId('device').textContent).toBe('xl desktop');
  });
});
