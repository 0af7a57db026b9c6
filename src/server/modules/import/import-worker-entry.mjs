// A worker thread starts without the TypeScript loader the main thread was started with
// (`node --import tsx`), so it registers it before loading the worker's code.
import { register } from 'tsx/esm/api';

register();
await import('./import-worker.ts');
