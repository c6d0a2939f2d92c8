// Preloaded into the benchmarked server: when the bench sends SIGUSR2 it reports, since the last
// report, the event loop's longest delay and how long the main thread was busy (one stderr line:
// "eld-max-ms <n> active-ms <n>"). On a shared machine the delay includes waiting for a CPU; the busy
// time is the main thread's own work.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const h = monitorEventLoopDelay({ resolution: 5 });
h.enable();
let elu = performance.eventLoopUtilization();
process.on('SIGUSR2', () => {
  const d = performance.eventLoopUtilization(elu);
  elu = performance.eventLoopUtilization();
  process.stderr.write(`eld-max-ms ${(h.max / 1e6).toFixed(1)} active-ms ${d.active.toFixed(0)}\n`);
  h.reset();
});
