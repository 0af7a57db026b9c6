/** Minimal types for s3rver 3 (an S3-compatible server for tests), which ships none. */
declare module 's3rver' {
  /** The part of a Koa context a test shim touches. */
  export interface KoaContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    type: string;
  }
  export type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void;

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Koa's middleware stack (s3rver extends Koa); tests may put a handler in front. */
    middleware: Middleware[];
  }
}
