import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, useIsFetching, useIsMutating } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { loading } from '../lib/loading.ts';

/** Holds the shell's progress bar while any query loads or any mutation runs. */
function QueryProgress() {
  const busy = useIsFetching() + useIsMutating() > 0;
  useEffect(() => (busy ? loading.startProgress() : undefined), [busy]);
  return null;
}

/**
 * The query cache for the screens that use it (the admin layout wraps its screens in it): react-query
 * stays off the sign-in route.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <QueryProgress />
      {children}
    </QueryClientProvider>
  );
}
