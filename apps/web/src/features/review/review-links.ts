import type { ReviewType } from '@bo/shared/schemas/review';
import { adminPath } from '../../lib/feature.ts';

/** The update screen of a record under review. */
export const recordPath = (type: ReviewType, id: number): string => adminPath(`${type}/${id}/update`);
