import type { ProductInstance } from '@bo/shared/schemas/product';
import { toastOrderSaved, useRowOrder } from '../../components/resource/row-order.tsx';
import { useReorderInstances } from './api.ts';

/** The instance list's drag order (the website lists a product's instances so): each move stored at once. */
export function useInstanceOrder(productId: number, instances: ProductInstance[], disabled: boolean | undefined) {
  const reorder = useReorderInstances(productId);
  return useRowOrder({
    rows: instances,
    name: (i) => i.name,
    disabled: disabled || instances.length < 2,
    save: (ids) => toastOrderSaved(() => reorder(ids)),
  });
}
