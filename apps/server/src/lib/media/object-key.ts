import { randomUUID } from 'node:crypto';

/** A new storage key for an object an organization keeps privately: `<module>/<organization>/<area>/<uuid>.<ext>`. */
export const organizationObjectKey = (module: string, organizationId: number, area: string, ext: string) =>
  `${module}/${organizationId}/${area}/${randomUUID()}.${ext}`;
