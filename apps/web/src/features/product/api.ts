import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductCategoryNode, ProductInstance } from '@bo/shared/schemas/product';
import { api } from '../../lib/api-client.ts';
import { createResourceApi } from '../../components/resource/resource-api.ts';
import { versionOf } from '../../components/resource/record-version.ts';

const BASE = '/api/admin/product';
const CATEGORY = '/api/admin/product-category';

export const productsApi = createResourceApi<Product, Record<string, unknown>>(BASE);

/** The one category tree and how deep the app config lets it go (productCategoryDepth). */
export const useProductCategoryTree = () =>
  useQuery({
    queryKey: [CATEGORY, 'tree'],
    queryFn: () => api.get<{ max_depth: number; data: ProductCategoryNode[] }>(`${CATEGORY}/tree`),
  });

export interface InstanceInput {
  sku: string;
  price: number;
  stock: number;
  photo_id: number | null;
}
export interface GenerateResult {
  created: number;
  kept: number;
  removed: number;
  data: ProductInstance[];
}

/** Under the product's key: saving the product refreshes them, and a change to them refreshes the product (prices, stock). */
const instancesKey = (productId: number) => [BASE, 'one', productId, 'instances'] as const;

export const useInstances = (productId: number | null) =>
  useQuery({
    queryKey: instancesKey(productId ?? 0),
    queryFn: ({ signal }) => api.get<InstanceList>(`${BASE}/${productId}/instances`, null, { signal }),
    select: (r) => r.data,
    enabled: productId !== null && productId > 0,
  });

/** The instances answer with the product's version: a product and its instances are one record (issue 36). */
type InstanceList = { data: ProductInstance[]; version?: number };

/**
 * An instance write sends the product's version as the instances were last read; once it is done the
 * instances are read again (awaited), so the next write of a series sends the version this one left.
 */
function useInstanceMutation<V, R>(productId: number, fn: (v: V, version: number | undefined) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => fn(v, versionOf(qc.getQueryData<InstanceList>(instancesKey(productId)))),
    onSuccess: () => qc.invalidateQueries({ queryKey: [BASE] }),
  });
}

export const useGenerateInstances = (productId: number) =>
  useInstanceMutation(productId, (remove: boolean, version) =>
    api.post<GenerateResult>(`${BASE}/${productId}/instances/generate`, { remove }, { version }),
  );

export const useUpdateInstance = (productId: number) =>
  useInstanceMutation(productId, ({ id, body }: { id: number; body: InstanceInput }, version) =>
    api.put<ProductInstance>(`${BASE}/${productId}/instances/${id}`, body, { version }),
  );

export const useBatchInstances = (productId: number) =>
  useInstanceMutation(productId, (body: { ids: number[]; price?: number; stock?: number }, version) =>
    api.patch<{ data: ProductInstance[] }>(`${BASE}/${productId}/instances/batch`, body, { version }),
  );

/** Stores the instances' new order (drag and drop) and shows it; the product itself is not reloaded. */
export function useReorderInstances(productId: number) {
  const qc = useQueryClient();
  return (ids: number[]) =>
    api
      .put<{ data: ProductInstance[] }>(
        `${BASE}/${productId}/instances/order`,
        { ids },
        { version: versionOf(qc.getQueryData<InstanceList>(instancesKey(productId))) },
      )
      .then(() => qc.invalidateQueries({ queryKey: instancesKey(productId) }));
}
