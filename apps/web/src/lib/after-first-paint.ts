import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

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

type Turn = () => void;
const waiting: Turn[] = [];
let busy = false;
// A card that never mounts (its chunk failed, its boundary shows the error) gives its turn up after this.
const TURN_LIMIT_MS = 3000;

/** How far below (or above) the viewport a deferred part starts to load: half a screen, so it is there when scrolled to. */
const NEAR_MARGIN = '50% 0px';

const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 1);

function nextTurn() {
  if (busy) return;
  const turn = waiting.shift();
  if (!turn) return;
  busy = true;
  whenIdle(turn);
}

/**
 * For what a screen shows below the fold: false until the element `ref` holds comes near the viewport (within
 * `NEAR_MARGIN`), then true in its turn, one such part after another (the next when the previous has mounted:
 * call `mounted` then). Each part's chunk, render and commit is a task of its own after the first paint, and a
 * part the user never scrolls to costs nothing: a phone's first screen is interactive sooner. Without
 * IntersectionObserver every part takes its turn in idle time. The caller keeps a placeholder of the part's
 * size, so nothing moves when it comes.
 */
export function useNearViewport(ref: RefObject<Element | null>): { shown: boolean; mounted: () => void } {
  const [shown, setShown] = useState(false);
  const released = useRef<(() => void) | null>(null);
  const [mounted] = useState(() => () => released.current?.());
  useEffect(() => {
    let done = false;
    let queued = false;
    let limit: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      clearTimeout(limit);
      if (released.current !== release) return;
      released.current = null;
      busy = false;
      nextTurn();
    };
    const turn: Turn = () => {
      released.current = release;
      limit = setTimeout(release, TURN_LIMIT_MS);
      if (done) release();
      else {
        done = true;
        startTransition(() => setShown(true));
      }
    };
    const queue = () => {
      if (queued) return;
      queued = true;
      waiting.push(turn);
      nextTurn();
    };
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'function' && ref.current) {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && queue(), { rootMargin: NEAR_MARGIN });
      observer.observe(ref.current);
    } else queue();
    return () => {
      done = true;
      observer?.disconnect();
      const at = waiting.indexOf(turn);
      if (at >= 0) waiting.splice(at, 1);
      release();
    };
  }, [ref]);
  return { shown, mounted };
}
