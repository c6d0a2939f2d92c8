import type sharpModule from 'sharp';

type Sharp = typeof sharpModule;
let loading: Promise<Sharp> | null = null;

/**
 * sharp (libvips) loaded on the first image, not at start-up: it is tens of megabytes of resident
 * memory a server that receives no photo never needs (issue 15, idle RSS).
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips threads per image; sharp defaults to 1 on glibc without jemalloc. Variants already run
    // in parallel, so a few threads each use the cores without oversubscribing them.
    sharp.concurrency(Math.max(2, sharp.concurrency()));
    return sharp;
  });
  return loading;
}
