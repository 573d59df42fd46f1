import { repoRoot, ruleTester } from './rule-tester.js';
import { loadingPanel } from './loading-panel.js';

const web = `${repoRoot}/apps/web/src`;
const tester = ruleTester({ jsx: true });

tester.run('loading-panel', loadingPanel, {
  valid: [
    {
      filename: `${web}/features/mailbox/components/mailbox-screen.tsx`,
      code: '<LoadingState variant="card" title={t("mailbox.loading")} testId="mailbox-loading" />;',
    },
    // A panel that neither spins nor takes the error tone is an empty or not-found state.
    {
      filename: `${web}/features/editor/components/library-grid.tsx`,
      code: '<StatePanel icon={ImageOff} title={t("editor.library.empty")} />;',
    },
    {
      filename: `${web}/features/stores/components/store-list-screen.tsx`,
      code: '<StatePanel variant="card" icon={Store} tone="neutral" title={t("stores.shops.empty")} />;',
    },
    {
      filename: `${web}/features/stores/components/store-screen.tsx`,
      code: '<ErrorState title={t("stores.loadError")} onRetry={() => void store.refetch()} />;',
    },
    // The primitives build the loading and error panels themselves.
    {
      filename: `${web}/components/ui/load-state.tsx`,
      code: '<div><StatePanel icon={LoaderCircle} spin role="status" title={title} /><StatePanel icon={icon} tone="error" role="alert" title={title} /></div>;',
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
    {
      filename: `${web}/features/stores/components/album-list-screen.tsx`,
      code: '<StatePanel variant="card" icon={AlertTriangle} tone="error" role="alert" title={t("stores.loadError")} />;',
      errors: [{ messageId: 'error' }],
    },
    // The tone written as an expression is the same error panel.
    {
      filename: `${web}/features/operations/components/operations-screen.tsx`,
      code: "<StatePanel icon={ShieldAlert} tone={'error'} role=\"alert\" title={t('operations.forbiddenTitle')} />;",
      errors: [{ messageId: 'error' }],
    },
  ],
});
