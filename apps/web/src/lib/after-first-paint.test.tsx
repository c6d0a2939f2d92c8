import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useAfterFirstPaint } from './after-first-paint.ts';

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
