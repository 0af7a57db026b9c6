/** Values the global setups hand to test files through vitest's provide()/inject(). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL; each test app creates and drops its own database through it. */
    adminDatabaseUrl: string;
    /** Which kind of server the api project runs against. */
    databaseKind: 'embedded' | 'server';
    /** Prefix of every database this run creates, so teardown can drop leftovers of this run only. */
    testDatabasePrefix: string;
  }
}

export {};
