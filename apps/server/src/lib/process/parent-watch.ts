/**
 * `npm start` (and `npm run …`) exits on SIGTERM without passing the signal on, which left the server
 * running, orphaned, with server.pid in place. Started by npm, the server watches its parent and
 * stops as on SIGTERM once that is gone (its parent process id changes when the parent exits).
 */
export function stopWhenParentExits(env: NodeJS.ProcessEnv, stop: () => void, everyMs = 250): void {
  if (!env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, everyMs);
  timer.unref();
}
