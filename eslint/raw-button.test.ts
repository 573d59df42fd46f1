import { repoRoot, ruleTester } from './rule-tester.js';
import { rawButton } from './raw-button.js';

const web = `${repoRoot}/apps/web/src`;
const tester = ruleTester({ jsx: true });

tester.run('raw-button', rawButton, {
  valid: [
    { filename: `${web}/features/music/components/player.tsx`, code: '<Button variant="icon" aria-label="Next" />;' },
    // The primitives draw the element itself.
    { filename: `${web}/components/ui/button.tsx`, code: '<button type={type} {...rest} />;' },
    { filename: `${web}/components/ui/dialog.test.tsx`, code: '<button type="button">Open</button>;' },
    // Other elements, and a member named button, are not the element.
    { filename: `${web}/features/bio/components/a.tsx`, code: '<><Toolbar.button /><input type="button" /></>;' },
    // Outside the web app.
    { filename: `${process.cwd()}/e2e/support/page.tsx`, code: '<button />;' },
    // A control that draws its own look still renders the one button.
    {
      filename: `${web}/features/chat/components/user-list.tsx`,
      code: '<Button variant="plain" className="flex w-full" onClick={open}>Ana</Button>;',
    },
  ],
  invalid: [
    {
      filename: `${web}/features/editor/components/editor-bar.tsx`,
      code: '<div><button type="button">Save</button><Button>Publish</Button><button /></div>;',
      errors: [{ messageId: 'raw' }, { messageId: 'raw' }],
    },
    {
      filename: `${web}/components/favorite-star.test.tsx`,
      code: '<button type="button" />;',
      errors: [{ messageId: 'raw' }],
    },
    // The layouts and the chat have no file of their own that may keep one.
    {
      filename: `${web}/app/layouts/route-error.tsx`,
      code: '<button type="button" onClick={reload}>Reload</button>;',
      errors: [{ messageId: 'raw' }],
    },
    {
      filename: `${web}/features/chat/components/topic-line.tsx`,
      code: '<button />;',
      errors: [{ messageId: 'raw' }],
    },
  ],
});
