import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductCategoryNode, ProductInstance } from '@bo/shared/schemas/product';
import { api } from '../../lib/api-client.ts';
import { createResourceApi } from '../../components/resource/resource-api.ts';

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
    queryFn: ({ signal }) => api.get<{ data: ProductInstance[] }>(`${BASE}/${productId}/instances`, null, { signal }).then((r) => r.data),
    enabled: productId !== null && productId > 0,
  });

function useInstanceMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: [BASE] }) });
}

export const useGenerateInstances = (productId: number) =>
  useInstanceMutation((remove: boolean) => api.post<GenerateResult>(`${BASE}/${productId}/instances/generate`, { remove }));

export const useUpdateInstance = (productId: number) =>
  useInstanceMutation(({ id, body }: { id: number; body: InstanceInput }) =>
    api.put<ProductInstance>(`${BASE}/${productId}/instances/${id}`, body),
  );

export const useBatchInstances = (productId: number) =>
  useInstanceMutation((body: { ids: number[]; price?: number; stock?: number }) =>
    api.patch<{ data: ProductInstance[] }>(`${BASE}/${productId}/instances/batch`, body),
  );

/** Stores the instances' new order (drag and drop) and shows it; the product itself is not reloaded. */
export function useReorderInstances(productId: number) {
  const qc = useQueryClient();
  return (ids: number[]) =>
    api
      .put<{ data: ProductInstance[] }>(`${BASE}/${productId}/instances/order`, { ids })
      .then((r) => qc.setQueryData(instancesKey(productId), r.data));
}
