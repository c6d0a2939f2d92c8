import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useAfterFirstPaint, useNearOrIdle } from './after-first-paint.ts';

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
  const { shown, mounted } = useNearOrIdle(ref);
  release[name] = mounted;
  return <div ref={ref}>{shown ? `${name} shown` : `${name} waiting`}</div>;
}

describe('useNearOrIdle', () => {
  it('shows the parts one after another, the next once the previous has mounted', async () => {
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
