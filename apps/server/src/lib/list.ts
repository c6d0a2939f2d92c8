export interface ListParams {
  page: number;
  per_page: number;
  sort: string;
  order: 'asc' | 'desc';
}

export interface ListResult<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** `%keyword%` with LIKE wildcards in the keyword escaped (use with `escape '\\'`). */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
