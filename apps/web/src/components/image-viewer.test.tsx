import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../i18n/index.ts';
import { setLanguage } from '../i18n/index.ts';
import { ImageViewer, zoomStep, type ViewerImage } from './image-viewer.tsx';

const images: ViewerImage[] = [
  { src: '/a.jpg', width: 2000, height: 1000, title: 'A' },
  { src: '/b.jpg', width: 100, height: 100, title: 'B' },
  { src: '/c.jpg', width: 800, height: 600, title: 'C' },
];

function Harness({ start = 0 }: { start?: number }) {
  const [index, setIndex] = useState<number | null>(start);
  return <ImageViewer images={images} index={index} onIndexChange={setIndex} />;
}

const zoomText = () => document.querySelector('.viewer-zoom')!.textContent;

beforeEach(async () => {
  await setLanguage('en-US');
  Object.defineProperty(window, 'innerWidth', { value: 1000, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: 612, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('image viewer (spec section 9)', () => {
  it('opens so the image covers 0.9 of the screen, never above its natural size', () => {
    render(<Harness />);
    // 0.9 × 1000 / 2000 = 0.45 (the height allows more)
    expect(zoomText()).toBe('45%');
    fireEvent.click(screen.getByTestId('viewer-next'));
    expect(zoomText()).toBe('100%');
    expect(screen.getByTestId('viewer-counter').textContent).toBe('2 of 3');
  });

  it('zooms by a ratio of 0.1 per step within 0.01 and 100', () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('viewer-zoom-in'));
    expect(zoomText()).toBe(`${Math.round(45 * 1.1)}%`);
    fireEvent.keyDown(window, { key: '-' });
    expect(zoomText()).toBe(`${Math.round(45 * 1.1 * 0.9)}%`);
    let z = 1;
    for (let i = 0; i < 200; i++) z = zoomStep(z, 1);
    expect(z).toBe(100);
    for (let i = 0; i < 200; i++) z = zoomStep(z, -1);
    expect(z).toBe(0.01);
    expect(zoomStep(2, 1)).toBeCloseTo(2.2);
    fireEvent.keyDown(window, { key: '0' });
    expect(zoomText()).toBe('45%');
  });

  it('plays a slideshow every 5000 ms and closes with Escape', () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.click(screen.getByTestId('viewer-play'));
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByTestId('viewer-counter').textContent).toBe('1 of 3');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('viewer-counter').textContent).toBe('2 of 3');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByTestId('viewer-counter').textContent).toBe('1 of 3');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('image-viewer')).toBeNull();
  });

  it('steps with the arrow keys, wrapping around', () => {
    render(<Harness />);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByTestId('viewer-counter').textContent).toBe('3 of 3');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByTestId('viewer-counter').textContent).toBe('1 of 3');
  });
});
