/** What the Temporal global setup hands every test file (see temporal-global-setup.ts). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The server binary, or '' where it cannot be had. */
    temporalServerBinary: string;
    /** Why there is no binary, when there is none. */
    temporalUnavailable: string;
  }
}

export {};
