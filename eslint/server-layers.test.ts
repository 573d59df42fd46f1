import { ruleTester } from './rule-tester.js';
import { serverLayers } from './server-layers.js';

const src = '/repo/apps/server/src';
const tester = ruleTester();

tester.run('server-layers', serverLayers, {
  valid: [
    { filename: `${src}/db/values.ts`, code: "import { errorCode } from './error-code.js';" },
    { filename: `${src}/db/database.ts`, code: "import pg from 'pg';" },
    { filename: `${src}/lib/bus.ts`, code: "import { changesOf } from '../db/database.js';" },
    { filename: `${src}/lib/uploads/serve.ts`, code: "import { parseByteRange } from '../byte-range.js';" },
    { filename: `${src}/lib/http-error.ts`, code: "import { messageKeys } from '@papo/contract/message-keys';" },
    // Above the ground floors anything lower is fair.
    { filename: `${src}/features/chat/routes.ts`, code: "import { httpError } from '../../lib/http-error.js';" },
    { filename: `${src}/config.ts`, code: "import { parseS3Url } from './lib/uploads/location.js';" },
    // Tests build whole apps.
    { filename: `${src}/lib/multipart-plugin.test.ts`, code: "import { buildTestApp } from '../test/app.js';" },
  ],
  invalid: [
    {
      filename: `${src}/db/database.ts`,
      code: "import { createPgListener } from '../lib/pg-listener.js';",
      errors: [{ messageId: 'upward', data: { from: 'db', allowed: 'db/', target: 'lib' } }],
    },
    {
      filename: `${src}/lib/uploads/serve.ts`,
      code: "import { parseByteRange } from '../../features/media/byte-range.js';",
      errors: [{ messageId: 'upward', data: { from: 'lib', allowed: 'lib/ and db/', target: 'features' } }],
    },
    {
      filename: `${src}/lib/bus.ts`,
      code: "import { createThrottledWarn } from '../realtime/throttled-warn.js';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: `${src}/lib/logger.ts`,
      code: "import { loadConfig } from '../config.js';",
      errors: [{ messageId: 'upward', data: { from: 'lib', allowed: 'lib/ and db/', target: 'config.ts' } }],
    },
    {
      filename: `${src}/lib/web.ts`,
      code: "export { injectTransport } from '../ssr/transport.js';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: `${src}/db/seed/drawings.ts`,
      code: "const uploads = await import('../../lib/uploads.js');",
      errors: [{ messageId: 'upward' }],
    },
  ],
});
