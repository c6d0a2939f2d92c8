import { useTranslation } from 'react-i18next';
import type { ProductInstance } from '@bo/shared/schemas/product';
import { useRowOrder } from '../../components/resource/row-order.tsx';
import { toastOutcome } from '../../components/resource/toast-outcome.ts';
import { useReorderInstances } from './api.ts';

/** The instance list's drag order (the website lists a product's instances so): each move stored at once. */
export function useInstanceOrder(productId: number, instances: ProductInstance[], disabled: boolean | undefined) {
  const { t } = useTranslation('resource', { keyPrefix: 'order' });
  const reorder = useReorderInstances(productId);
  return useRowOrder({
    rows: instances,
    name: (i) => i.name,
    disabled: disabled || instances.length < 2,
    save: (ids) => toastOutcome(() => reorder(ids), t('saved')),
  });
}
