import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { loadingPanel } from './loading-panel.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

// the rule names files from ESLint's working directory, the RuleTester's being the process's.
const web = `${process.cwd()}/apps/web/src`;
const tester = new RuleTester({
  languageOptions: { ecmaVersion: 2024, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('loading-panel', loadingPanel, {
  valid: [
    {
      filename: `${web}/features/mailbox/components/mailbox-screen.tsx`,
      code: '<LoadingState variant="card" title={t("mailbox.loading")} testId="mailbox-loading" />;',
    },
    // A panel that does not spin is an empty, error or not-found state.
    {
      filename: `${web}/features/editor/components/library-grid.tsx`,
      code: '<StatePanel icon={ImageOff} title={t("editor.library.empty")} />;',
    },
    // The primitives build the loading panel itself.
    {
      filename: `${web}/components/ui/load-state.tsx`,
      code: '<StatePanel icon={LoaderCircle} spin role="status" title={title} />;',
    },
    // Outside the web app.
    { filename: `${process.cwd()}/e2e/support/page.tsx`, code: '<StatePanel spin />;' },
  ],
  invalid: [
    {
      filename: `${web}/features/stores/components/store-list-screen.tsx`,
      code: '<StatePanel icon={LoaderCircle} spin role="status" title={t("stores.loading")} />;',
      errors: [{ messageId: 'spin' }],
    },
    // `spin={busy}` spins as well, and a test file is no exception.
    {
      filename: `${web}/features/articles/components/article-screen.test.tsx`,
      code: '<div><StatePanel variant="card" icon={Loader2} spin={busy} title="x" /><StatePanel icon={Inbox} title="y" /></div>;',
      errors: [{ messageId: 'spin' }],
    },
  ],
});
