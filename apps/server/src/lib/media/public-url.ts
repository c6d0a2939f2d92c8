/** Public objects are served by GET /api/files/<key>; keys are generated, never client paths. */
export const publicUrl = (key: string) => `/api/files/${key}`;
