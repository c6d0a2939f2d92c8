import { defineModule } from '../../lib/kit/server-module.ts';
import { photoDependent } from './photo.dependents.ts';
import { photoRoutes } from './photo.routes.ts';

/** The photo library with its variants (spec section 7). */
export const photoModule = defineModule({
  name: 'photo',
  routes: [photoRoutes],
  dependents: [photoDependent],
});
