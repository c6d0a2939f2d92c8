/**
 * The verdict's sound, made with WebAudio (no audio files): one high short beep to let in, two low ones to
 * refuse. Silent where audio cannot play (no AudioContext, or the browser holds it until a tap).
 */
let ctx: AudioContext | null = null;

function audio(): AudioContext | null {
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    return ctx;
  } catch {
    return null;
  }
}

function beep(a: AudioContext, at: number, frequency: number, seconds: number) {
  const osc = a.createOscillator();
  const gain = a.createGain();
  osc.type = 'square';
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  osc.connect(gain).connect(a.destination);
  osc.start(at);
  osc.stop(at + seconds + 0.02);
}

export function playVerdict(verdict: 'admit' | 'refuse'): void {
  const a = audio();
  if (!a) return;
  const t = a.currentTime + 0.01;
  if (verdict === 'admit') beep(a, t, 1760, 0.15);
  else {
    beep(a, t, 330, 0.25);
    beep(a, t + 0.35, 330, 0.25);
  }
}

/** Called from a tap (the first scan or 開啟相機), so later verdicts may sound without one. */
export function unlockAudio(): void {
  audio();
}
