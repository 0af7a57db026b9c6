/** Values the chaos global setup hands to the test files through vitest's provide()/inject(). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Prefix of every PostgreSQL-server database this run creates, so teardown can drop its leftovers. */
    chaosDatabasePrefix: string;
    /** JSON lines of figures; the teardown prints them together at the end of the run. */
    chaosFiguresFile: string;
  }
}

export {};
