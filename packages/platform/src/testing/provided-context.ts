/** What the global setup hands every test file (see global-setup.ts). */
declare module 'vitest' {
  export interface ProvidedContext {
    testPostgresUrl: string;
    testNatsUrl: string;
    pgliteTemplatePath: string;
  }
}

export {};
