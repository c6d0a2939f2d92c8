import type { FeatureDescriptor } from '../lib/feature.ts';
import { accountFeature } from '../features/account/account.feature.ts';
import { debugFeature } from '../features/debug/debug.feature.ts';
import { errorsFeature } from '../features/errors/errors.feature.ts';
import { phonePassFeature } from '../features/site-pass/site-pass.feature.ts';

/**
 * The features that declare public routes (sign-in, password reset, /debug, /404): the router knows
 * them from the first load. Every feature is listed in features.ts; the others load with the admin
 * screens (admin-routes.tsx). features.test.ts checks that no other feature declares a public route.
 */
export const PUBLIC_FEATURES: readonly FeatureDescriptor[] = [accountFeature, debugFeature, errorsFeature, phonePassFeature];
