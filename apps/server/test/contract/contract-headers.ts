/** Which worker's app a request proxied by Prism is for (its port), and which pending call it is. */
export const CONTRACT_PORT_HEADER = 'x-contract-port';
export const CONTRACT_ID_HEADER = 'x-contract-id';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the validating proxy (Prism) in front of the test files' apps (global-setup.ts). */
    contractProxyUrl: string;
  }
}
