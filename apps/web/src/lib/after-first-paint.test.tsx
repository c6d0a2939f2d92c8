import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useAfterFirstPaint, useNearViewport } from './after-first-paint.ts';

afterEach(cleanup);

function Probe() {
  return <p>{useAfterFirstPaint() ? 'later' : 'first'}</p>;
}

describe('useAfterFirstPaint', () => {
  it('is false in the first commit and true after the next frame', async () => {
    render(<Probe />);
    expect(screen.getByText('first')).toBeTruthy();
    expect(await screen.findByText('later')).toBeTruthy();
  });
});

const release: Record<string, () => void> = {};
function Part({ name }: { name: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { shown, mounted } = useNearViewport(ref);
  release[name] = mounted;
  return <div ref={ref}>{shown ? `${name} shown` : `${name} waiting`}</div>;
}

describe('useNearViewport', () => {
  it('leaves a part far below the fold alone until it comes near the viewport', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element; margin?: string }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: (typeof observed)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.entry = { callback, margin: options?.rootMargin };
          observed.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {}
      },
    );
    try {
      render(<Part name="far" />);
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.getByText('far waiting')).toBeTruthy();
      expect(observed[0]!.margin).toBe('50% 0px');
      act(() =>
        observed[0]!.callback(
          [{ isIntersecting: true, target: observed[0]!.target! } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
      expect(await screen.findByText('far shown')).toBeTruthy();
      act(() => release.far!());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('without IntersectionObserver: shows the parts one after another in idle time, the next once the previous has mounted', async () => {
    render(
      <>
        <Part name="a" />
        <Part name="b" />
      </>,
    );
    expect(await screen.findByText('a shown')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText('b waiting')).toBeTruthy();
    act(() => release.a!());
    expect(await screen.findByText('b shown')).toBeTruthy();
    act(() => release.b!());
  });
});
