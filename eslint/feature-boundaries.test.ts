import { ruleTester } from './rule-tester.js';
import { featureBoundaries } from './feature-boundaries.js';

const web = '/repo/apps/web/src';
const tester = ruleTester();

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: `${web}/features/chat/components/a.tsx`, code: "import { b } from './b';" },
    {
      filename: `${web}/features/chat/components/a.tsx`,
      code: "import { Button } from '../../../components/ui/button';",
    },
    { filename: `${web}/features/chat/components/a.tsx`, code: "import { apiFetch } from '../../../lib/api';" },
    {
      filename: `${web}/features/chat/components/a.test.tsx`,
      code: "import { renderApp } from '../../../test/render-app';",
    },
    {
      filename: `${web}/app/layouts/header.tsx`,
      code: "import { Bell } from '../../features/notifications/components/bell';",
    },
    { filename: `${web}/test/render-app.tsx`, code: "import { App } from '../app/app';" },
    { filename: `${web}/components/a.tsx`, code: "import { clsx } from 'clsx';" },
  ],
  invalid: [
    {
      filename: `${web}/features/chat/components/a.tsx`,
      code: "import { FavoriteStar } from '../../channels/components/favorite-star';",
      errors: [{ messageId: 'crossFeature', data: { from: 'chat', to: 'channels' } }],
    },
    {
      filename: `${web}/features/chat/components/a.tsx`,
      code: "const m = () => import('../../profile/api/x');",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: `${web}/features/chat/components/a.test.tsx`,
      code: "vi.mock('../../conversations/api/send');",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: `${web}/features/chat/components/a.tsx`,
      code: "import { routes } from '../../../app/routes/routes';",
      errors: [{ messageId: 'crossFeature', data: { from: 'chat', to: 'app' } }],
    },
    {
      filename: `${web}/components/a.tsx`,
      code: "export { x } from '../features/chat/lib/x';",
      errors: [{ messageId: 'sharedImportsFeature' }],
    },
    {
      filename: `${web}/lib/a.ts`,
      code: "import { routes } from '../app/routes/routes';",
      errors: [{ messageId: 'sharedImportsFeature' }],
    },
  ],
});
