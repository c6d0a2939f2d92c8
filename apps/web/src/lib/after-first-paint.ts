import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it (the frame after, then a task):
 * what a screen shows below the fold can wait, so the first paint carries less of the main thread's work.
 * The later render is a transition, in slices that yield to input.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
