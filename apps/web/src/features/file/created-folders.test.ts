import { describe, expect, it } from 'vitest';
import { childFolders } from './created-folders.ts';

describe('created folders', () => {
  it('lists the direct sub-folders of the open folder', () => {
    const kept = ['合約', '合約/2025', '合約/2025/一月', '圖面/A棟'];
    expect(childFolders(kept, '')).toEqual(['合約', '圖面']);
    expect(childFolders(kept, '合約')).toEqual(['合約/2025']);
    expect(childFolders(kept, '合約/2025')).toEqual(['合約/2025/一月']);
    expect(childFolders(kept, '照片')).toEqual([]);
  });
});
