import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.ts';

const Screen = () => <p>the screen</p>;

describe('preloadable', () => {
  it('renders a preloaded module at once, with no fallback between', async () => {
    const Lazy = preloadable(() => Promise.resolve({ default: Screen }));
    await Lazy.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends as React.lazy does when not preloaded, and loads the module once', async () => {
    let loads = 0;
    const Lazy = preloadable(() => {
      loads++;
      return Promise.resolve({ default: Screen });
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      await Lazy.preload();
    });
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(loads).toBe(1);
  });
});
