import { defineModule } from '../../lib/kit/server-module.ts';
import { editLeaseRoutes } from './edit-lease.routes.ts';

/** Who is editing which record (issue 36 section 2, lib/edit-leases/). */
export const editLeaseModule = defineModule({ name: 'edit-lease', routes: [editLeaseRoutes] });
