import { ruleTester } from './rule-tester.js';
import { serverFeatureBoundaries } from './server-feature-boundaries.js';

const features = '/repo/apps/server/src/features';
const tester = ruleTester();

tester.run('server-feature-boundaries', serverFeatureBoundaries, {
  valid: [
    { filename: `${features}/nicknames/service.ts`, code: "import { lockUser } from './repo.js';" },
    {
      filename: `${features}/nicknames/service.ts`,
      code: "import { conversationPartners } from '../conversations/index.js';",
    },
    { filename: `${features}/articles/seed/seed.ts`, code: "import { insertUser } from '../../users/index.js';" },
    { filename: `${features}/chat/routes.ts`, code: "import { httpError } from '../../lib/http-error.js';" },
    { filename: `${features}/chat/routes.ts`, code: "import { z } from 'zod';" },
    // Tests set up their state through any feature's internals.
    { filename: `${features}/chat/levels.test.ts`, code: "import { insertUser } from '../users/repo.js';" },
    { filename: `${features}/chat/test-support.ts`, code: "import { insertUser } from '../users/repo.js';" },
    // Outside features/ (app.ts composes them).
    { filename: '/repo/apps/server/src/app.ts', code: "import { chatRoutes } from './features/chat/routes.js';" },
    // Named in the allow-list.
    {
      filename: `${features}/editor/routes.ts`,
      code: "import { findArticleById } from '../articles/repo.js';",
      options: [{ allow: { 'features/editor/routes.ts': ['features/articles/repo.ts'] } }],
    },
  ],
  invalid: [
    {
      filename: `${features}/nicknames/service.ts`,
      code: "import { conversationPartners } from '../conversations/repo.js';",
      errors: [
        {
          messageId: 'repository',
          data: { from: 'nicknames', to: 'conversations', target: 'features/conversations/repo.ts' },
        },
      ],
    },
    {
      filename: `${features}/profile/repo.ts`,
      code: "import { favoriteNamesOf } from '../chat/favorite-repo.js';",
      errors: [{ messageId: 'repository' }],
    },
    {
      filename: `${features}/articles/routes.ts`,
      code: "import { versionedAnswers } from '../search/answers.js';",
      errors: [
        { messageId: 'internal', data: { from: 'articles', to: 'search', target: 'features/search/answers.ts' } },
      ],
    },
    {
      filename: `${features}/articles/seed/seed.ts`,
      code: "import { insertUser } from '../../users/repo.js';",
      errors: [{ messageId: 'repository' }],
    },
    {
      filename: `${features}/chat/context.ts`,
      code: "export { notify } from '../notifications/service.js';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: `${features}/chat/context.ts`,
      code: "const m = () => import('../notifications/service.js');",
      errors: [{ messageId: 'internal' }],
    },
    {
      // An allow-list entry lets through only the import it names.
      filename: `${features}/editor/routes.ts`,
      code: "import { articleDeps } from '../articles/service.js';",
      options: [{ allow: { 'features/editor/routes.ts': ['features/articles/repo.ts'] } }],
      errors: [{ messageId: 'internal' }],
    },
  ],
});
