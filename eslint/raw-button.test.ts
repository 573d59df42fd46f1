import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { rawButton } from './raw-button.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

// NOTE: the rule names files from ESLint's working directory, the RuleTester's being the process's.
const web = `${process.cwd()}/apps/web/src`;
const tester = new RuleTester({
  languageOptions: { ecmaVersion: 2024, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
});
const allow = (file: string) => [{ allow: [`apps/web/src/${file}`] }];

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
    // A listed file keeps its raw buttons until it moves.
    {
      filename: `${web}/features/chat/components/user-list.tsx`,
      code: '<button type="button" onClick={open}>Ana</button>;',
      options: allow('features/chat/components/user-list.tsx'),
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
    // The list only shrinks: a listed file with no raw button left must leave it.
    {
      filename: `${web}/features/chat/components/topic-line.tsx`,
      code: '<Button variant="link">Edit</Button>;',
      options: allow('features/chat/components/topic-line.tsx'),
      errors: [{ messageId: 'converted' }],
    },
    // Another file's entry does not cover this one.
    {
      filename: `${web}/features/chat/components/topic-line.tsx`,
      code: '<button />;',
      options: allow('features/chat/components/user-list.tsx'),
      errors: [{ messageId: 'raw' }],
    },
  ],
});
