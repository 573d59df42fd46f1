// The entry of a render thread. Papo runs its TypeScript through tsx (npm start, the e2e server, vitest), and on
// Node 20 a worker does not take `--import tsx` from execArgv before loading its entry, so this plain module registers
// tsx in the thread and then loads the TypeScript worker. The built server bundles render-worker.ts under this name.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
