// `npm start`: build the client if needed, then run the server in this same process, so signals from
// npm or a process manager reach the server directly and it can stop its database cleanly.
// Run with `node --import tsx` (the server is TypeScript).
import { ensureClientBuilt } from './ensure-build.mjs';

ensureClientBuilt();
await import('../src/server/main.ts');
