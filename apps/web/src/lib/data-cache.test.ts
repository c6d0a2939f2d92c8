import { describe, expect, it } from 'vitest';
import { clearCachedData, reloadCachedData } from './data-cache.ts';
import { queryClient } from './query-client.ts';

describe('the data cache the session drives', () => {
  it('is the query cache once it has loaded: sign-out drops the answers, an organization switch marks them stale', async () => {
    queryClient.setQueryData(['profile'], { name: 'A' });
    await reloadCachedData();
    expect(queryClient.getQueryState(['profile'])?.isInvalidated).toBe(true);
    clearCachedData();
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
  });
});
