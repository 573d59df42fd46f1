import type { BioStaffSection } from '@papo/contract/bio';
import type { RecordRevisionList } from '@papo/contract/editor';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, type Route } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';

const year = (id: number, tag: string, paragraph: string, revision: number): BioStaffSection => ({
  id,
  kind: 'year',
  tag,
  tags: ['Olinda'],
  layout: 'layout-2',
  photoPath: null,
  description: '',
  paragraphs: [paragraph],
  revision,
  revisionAuthor: 'editora',
  revisionAt: '2026-11-27T10:00:00.000Z',
});

/** The staff list of years; a PUT naming revision 3 of 1974 meets Bia's newer save (412), any other goes through. */
function bioServer(...first: Route[]) {
  const theirs = {
    ...year(1, '1974', 'Texto de Bia.', 4),
    revisionAuthor: 'Bia',
    revisionAt: '2026-11-27T10:05:00.000Z',
  };
  return mockApi(
    ...first,
    (url) =>
      url.pathname === '/api/bio'
        ? json(
            200,
            url.searchParams.get('filter') === 'events'
              ? []
              : [year(1, '1974', 'Primeiro ano.', 3), year(2, '1975', 'Segundo ano.', 1)],
          )
        : undefined,
    (url, init) => (url.pathname === '/api/bio/1' && init.method !== 'PUT' ? json(200, theirs) : undefined),
    (url, init) => {
      const id = Number(/^\/api\/bio\/(\d+)$/.exec(url.pathname)?.[1]);
      if (!id || init.method !== 'PUT') return undefined;
      return new Headers(init.headers).get('If-Match') === '"r3"'
        ? json(412, { message: 'edit_conflict' })
        : json(200, { id, revision: 5 });
    },
  );
}

/** Opens a collapsed entry by its tag and answers its form. */
async function openEntry(user: ReturnType<typeof userEvent.setup>, tag: string): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: tag }, { timeout: 5_000 }));
  return screen.getByRole('form', { name: tag });
}

describe('bio editor', () => {
  it('asks before leaving for the other tab only while an entry holds unsaved text; "Salvo" goes with the next edit', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    bioServer();
    const user = userEvent.setup();
    renderApp('/bioEdit');
    const entry = await openEntry(user, '1975');
    // Nothing changed: the other tab opens at once.
    await user.click(screen.getByRole('link', { name: 'Eventos e Pessoas' }));
    await screen.findByText(/Nenhum verbete ainda/);
    expect(screen.queryByTestId('leave-dialog')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Anos' }));

    // Back on the tab, the entry is the one left open (a fresh form: nothing was unsaved).
    const form = await screen.findByRole('form', { name: '1975' });
    expect(form).not.toBe(entry);
    await user.type(within(form).getByRole('textbox', { name: 'Parágrafo 1' }), ' Mais.');
    await user.click(screen.getByRole('link', { name: 'Eventos e Pessoas' }));
    const leave = await screen.findByRole('alertdialog', { name: 'Sair sem salvar?' });
    await user.click(within(leave).getByRole('button', { name: 'Continuar editando' }));
    expect(within(form).getByRole('textbox', { name: 'Parágrafo 1' })).toHaveValue('Segundo ano. Mais.');

    // Saved, nothing is unsaved any more: the message shows until the next edit, and leaving asks nothing.
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await within(form).findByText('Salvo com sucesso!');
    await user.type(within(form).getByRole('textbox', { name: 'Parágrafo 1' }), '!');
    expect(within(form).queryByText('Salvo com sucesso!')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await within(form).findByText('Salvo com sucesso!');
    await user.click(screen.getByRole('link', { name: 'Eventos e Pessoas' }));
    await screen.findByText(/Nenhum verbete ainda/);
    expect(screen.queryByTestId('leave-dialog')).toBeNull();
  });

  it('a save over a newer one opens the conflict dialog; keeping mine saves on top of their version', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = bioServer();
    const user = userEvent.setup();
    renderApp('/bioEdit');
    const form = await openEntry(user, '1974');
    const paragraph = within(form).getByRole('textbox', { name: 'Parágrafo 1' });
    await user.clear(paragraph);
    await user.type(paragraph, 'Meu texto.');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(dialog).toHaveTextContent(/Bia salvou às/);
    await user.click(within(dialog).getByRole('button', { name: 'Comparar' }));
    expect(within(dialog).getByTestId('compare-theirs')).toHaveTextContent('Texto de Bia.');
    expect(within(dialog).getByTestId('compare-mine')).toHaveTextContent('Meu texto.');
    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a minha (nova versão)' }));
    await within(form).findByText('Salvo com sucesso!');
    const puts = api.calls('PUT', '/api/bio/1');
    expect(puts.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r3"', '"r4"']);
    expect(puts[1]!.body).toMatchObject({ paragraphs: ['Meu texto.'] });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('compares like the article: my text first, then theirs, each with the words only it holds marked', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    bioServer();
    const user = userEvent.setup();
    renderApp('/bioEdit');
    const form = await openEntry(user, '1974');
    const paragraph = within(form).getByRole('textbox', { name: 'Parágrafo 1' });
    await user.clear(paragraph);
    await user.type(paragraph, 'Texto de Ana.');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    await user.click(within(dialog).getByRole('button', { name: 'Comparar' }));

    const [first, second] = within(dialog).getAllByRole('region');
    expect(first).toBe(within(dialog).getByTestId('compare-mine'));
    expect(second).toBe(within(dialog).getByTestId('compare-theirs'));
    const mine = within(first!).getByText('Parágrafo 1').nextElementSibling!;
    const theirs = within(second!).getByText('Parágrafo 1').nextElementSibling!;
    expect(mine).toHaveTextContent('Texto de Ana.');
    expect(theirs).toHaveTextContent('Texto de Bia.');
    expect([...mine.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Ana.']);
    expect([...theirs.querySelectorAll('ins')].map((ins) => ins.textContent)).toEqual(['Bia.']);
    expect(mine.querySelector('ins, del')).toBeNull();
    expect(theirs.querySelector('mark, del')).toBeNull();
    // A field both hold alike is shown plain.
    expect(within(first!).getByText('1974').querySelector('mark')).toBeNull();
  });

  it('keeping theirs first saves the text typed here on top of theirs (kept in the history), then restores theirs, and says so', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const theirs = { ...year(1, '1974', 'Texto de Bia.', 6), revisionAuthor: 'Bia' };
    const api = bioServer((url, init) =>
      init.method === 'POST' && url.pathname === '/api/bio/1/revisions/4/restore' ? json(200, theirs) : undefined,
    );
    const user = userEvent.setup();
    renderApp('/bioEdit');
    const form = await openEntry(user, '1974');
    const paragraph = within(form).getByRole('textbox', { name: 'Parágrafo 1' });
    await user.clear(paragraph);
    await user.type(paragraph, 'Meu texto.');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(dialog).toHaveTextContent('guarda antes o seu texto no histórico');
    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a versão de Bia' }));
    expect(await within(form).findByText(/O seu texto foi guardado no histórico/)).toBeInTheDocument();
    const puts = api.calls('PUT', '/api/bio/1');
    expect(puts.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r3"', '"r4"']);
    expect(puts[1]!.body).toMatchObject({ paragraphs: ['Meu texto.'] });
    const restores = api.calls('POST', '/api/bio/1/revisions/4/restore');
    expect(restores.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r5"']);
    expect(within(form).getByRole('textbox', { name: 'Parágrafo 1' })).toHaveValue('Texto de Bia.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows an entry’s history and restores a version into its form; a stale restore opens the conflict dialog', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const history: RecordRevisionList = {
      revisions: [
        { id: 1, authorName: 'editora', createdAt: '2026-11-27T10:00:00.000Z', title: '1975', isHead: true },
        { id: 0, authorName: null, createdAt: '2026-11-20T10:00:00.000Z', title: '1975', isHead: false },
      ],
    };
    const restoredEntry = { ...year(2, '1975', 'Texto antigo.', 6), revisionAuthor: 'editora' };
    const api = bioServer(
      (url) =>
        url.pathname === '/api/bio/2/revisions' || url.pathname === '/api/bio/1/revisions'
          ? json(200, history)
          : undefined,
      (url, init) => {
        if (init.method !== 'POST') return undefined;
        if (url.pathname === '/api/bio/2/revisions/0/restore') return json(200, restoredEntry);
        if (url.pathname === '/api/bio/1/revisions/0/restore') return json(412, { message: 'edit_conflict' });
        return undefined;
      },
    );
    const user = userEvent.setup();
    renderApp('/bioEdit');
    const form = await openEntry(user, '1975');
    await user.click(within(form).getByRole('button', { name: 'Histórico de 1975' }));
    const panel = await screen.findByRole('dialog', { name: 'Histórico de versões' });
    const rows = await within(panel).findAllByTestId('revision');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('editora');
    expect(rows[0]).toHaveTextContent('Atual');
    expect(rows[1]).toHaveTextContent('Conta removida');
    await user.click(within(rows[1]!).getByRole('button', { name: /Restaurar a versão de/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Histórico de versões' })).toBeNull());
    expect(within(form).getByRole('textbox', { name: 'Parágrafo 1' })).toHaveValue('Texto antigo.');
    expect(within(form).getByText('Versão restaurada.')).toBeInTheDocument();
    // The restore named the version the form held; the next save names the restored one.
    expect(new Headers(api.calls('POST', '/api/bio/2/revisions/0/restore')[0]!.init.headers).get('If-Match')).toBe(
      '"r1"',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Parágrafo 1' }), '!');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await within(form).findByText('Salvo com sucesso!');
    expect(new Headers(api.calls('PUT', '/api/bio/2')[0]!.init.headers).get('If-Match')).toBe('"r6"');

    // 1974 is held at version 3 while Bia saved 4: the restore is refused and the conflict dialog shows her version.
    const older = await openEntry(user, '1974');
    await user.click(within(older).getByRole('button', { name: 'Histórico de 1974' }));
    const panel1974 = await screen.findByRole('dialog', { name: 'Histórico de versões' });
    await user.click(
      within((await within(panel1974).findAllByTestId('revision'))[1]!).getByRole('button', {
        name: /Restaurar a versão de/,
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(dialog).toHaveTextContent(/Bia salvou às/);
    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a versão de Bia' }));
    expect(within(older).getByRole('textbox', { name: 'Parágrafo 1' })).toHaveValue('Texto de Bia.');
  });

  it('says on each history row what its save changed and opens a kept version in place with "Ver"', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const history: RecordRevisionList = {
      revisions: [
        {
          id: 7,
          authorName: 'Bia',
          createdAt: '2026-11-27T10:00:00.000Z',
          title: '1975',
          isHead: true,
          changes: { fields: ['tags', 'paragraphs'], slotsAdded: [], slotsRemoved: [], slotsChanged: [] },
        },
        {
          id: 6,
          authorName: 'editora',
          createdAt: '2026-11-26T10:00:00.000Z',
          title: '1975',
          isHead: false,
          changes: { fields: [], slotsAdded: [], slotsRemoved: [], slotsChanged: [] },
        },
        {
          id: 5,
          authorName: 'editora',
          createdAt: '2026-11-20T10:00:00.000Z',
          title: '1975',
          isHead: false,
          changes: null,
        },
      ],
    };
    const kept = {
      ...year(2, '1975', 'Texto antigo.', 5),
      id: 5,
      tags: ['Recife', 'Frevo'],
      photoPath: 'bio/0123456789abcdef0123456789abcdef.webp',
      paragraphs: ['Texto antigo.', 'Outro parágrafo.'],
      authorName: 'editora',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const api = bioServer(
      (url) => (url.pathname === '/api/bio/2/revisions' ? json(200, history) : undefined),
      (url) => (url.pathname === '/api/bio/2/revisions/5' ? json(200, kept) : undefined),
    );
    const user = userEvent.setup();
    renderApp('/bioEdit');
    const form = await openEntry(user, '1975');
    await user.click(within(form).getByRole('button', { name: 'Histórico de 1975' }));
    const panel = await screen.findByRole('dialog', { name: 'Histórico de versões' });
    const rows = await within(panel).findAllByTestId('revision');
    expect(within(rows[0]!).getByTestId('revision-summary')).toHaveTextContent(
      'Mudou: etiquetas relacionadas, parágrafos',
    );
    expect(within(rows[1]!).getByTestId('revision-summary')).toHaveTextContent('Nenhum campo mudou');
    expect(within(rows[2]!).getByTestId('revision-summary')).toHaveTextContent('Primeira versão guardada');
    expect(api.calls('GET', '/api/bio/2/revisions/5')).toHaveLength(0);

    const view = within(rows[2]!).getByRole('button', { name: /^Ver a versão de/ });
    await user.click(view);
    expect(view).toHaveAttribute('aria-expanded', 'true');
    const shown = await within(rows[2]!).findByTestId('revision-view');
    expect(shown).toHaveTextContent('Etiquetas relacionadas: Recife, Frevo');
    expect(shown).toHaveTextContent('Foto: 0123456789abcdef0123456789abcdef.webp');
    expect(shown).toHaveTextContent('Parágrafo 2: Outro parágrafo.');
    await user.click(view);
    expect(within(rows[2]!).queryByTestId('revision-view')).toBeNull();
    expect(api.calls('GET', '/api/bio/2/revisions/5')).toHaveLength(1);
  });

  it('marks in a history row the words its version had that the form lacks, and the words typed since', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const history: RecordRevisionList = {
      revisions: [
        { id: 7, authorName: 'Bia', createdAt: '2026-11-27T10:00:00.000Z', title: '1975', isHead: true, changes: null },
        {
          id: 5,
          authorName: 'editora',
          createdAt: '2026-11-20T10:00:00.000Z',
          title: '1975',
          isHead: false,
          changes: null,
        },
      ],
    };
    const kept = {
      ...year(2, '1975', 'Segundo ano em Recife.', 5),
      id: 5,
      tags: ['Olinda', 'Frevo'],
      authorName: 'editora',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    bioServer(
      (url) => (url.pathname === '/api/bio/2/revisions' ? json(200, history) : undefined),
      (url) => (url.pathname === '/api/bio/2/revisions/5' ? json(200, kept) : undefined),
    );
    const user = userEvent.setup();
    renderApp('/bioEdit');
    const form = await openEntry(user, '1975');
    // Typed and not saved: the comparison is with the form as it stands.
    await user.type(within(form).getByRole('textbox', { name: 'Parágrafo 1' }), ' Maracatu.');
    await user.click(within(form).getByRole('button', { name: 'Histórico de 1975' }));
    const panel = await screen.findByRole('dialog', { name: 'Histórico de versões' });
    const rows = await within(panel).findAllByTestId('revision');
    expect(within(rows[0]!).queryByRole('button', { name: /^Diferenças/ })).toBeNull();
    await user.click(within(rows[1]!).getByRole('button', { name: /^Diferenças entre a versão de/ }));
    const differences = await within(rows[1]!).findByTestId('revision-differences');
    await waitFor(() => expect(differences.querySelector('del')).not.toBeNull());
    // Words as written ("Olinda," is not "Olinda"); "Segundo" and the fields' names stayed.
    expect([...differences.querySelectorAll('del')].map((el) => el.textContent)).toEqual([
      'Olinda, Frevo',
      'ano em',
      'Recife.',
    ]);
    expect([...differences.querySelectorAll('ins')].map((el) => el.textContent)).toEqual([
      'Olinda',
      'ano.',
      'Maracatu.',
    ]);
    expect(differences).toHaveTextContent('Parágrafo 1: Segundo ano');
  });

  it('shows entries collapsed to a line, opens one on a click or from "Ir para", and marks one left closed unsaved', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    bioServer();
    const user = userEvent.setup();
    renderApp('/bioEdit');
    const toggle1975 = await screen.findByRole('button', { name: '1975' }, { timeout: 5_000 });
    expect(toggle1975).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: '1975' })).toBeNull();
    expect(toggle1975).toHaveTextContent('1975Segundo ano.');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Ir para' }), '1974');
    const form = await screen.findByRole('form', { name: '1974' });
    expect(screen.getByRole('button', { name: '1974' })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Etiqueta' })).toHaveFocus());

    // Closed with a change in it, the entry keeps the change and says it is not saved.
    await user.type(within(form).getByRole('textbox', { name: 'Parágrafo 1' }), ' Mais.');
    await user.click(screen.getByRole('button', { name: '1974' }));
    expect(screen.queryByRole('form', { name: '1974' })).toBeNull();
    expect(within(screen.getByRole('region', { name: '1974' })).getByText('Não salvo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '1974' }));
    expect(
      within(screen.getByRole('form', { name: '1974' })).getByRole('textbox', { name: 'Parágrafo 1' }),
    ).toHaveValue('Primeiro ano. Mais.');

    // A new entry opens at once.
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('form', { name: 'Novo verbete' })).toBeVisible();
  });

  it('checks an entry with the contract’s schema before sending, and deletes a saved one only after the shared confirmation', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = bioServer((url, init) =>
      init.method === 'DELETE' && url.pathname === '/api/bio/2' ? new Response(null, { status: 204 }) : undefined,
    );
    const user = userEvent.setup();
    renderApp('/bioEdit');
    const form = await openEntry(user, '1975');
    await user.clear(within(form).getByRole('textbox', { name: 'Etiqueta' }));
    await user.type(within(form).getByRole('textbox', { name: 'Etiqueta' }), '1900');
    await user.clear(within(form).getByRole('textbox', { name: 'Parágrafo 1' }));
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('O ano deve estar entre 1974 e 2025.')).toBeInTheDocument();
    expect(within(form).getByText('Um parágrafo está vazio: escreva algo ou remova-o.')).toBeInTheDocument();
    // the message sits inside the field's label, so it is read with the field.
    expect(within(form).getByRole('textbox', { name: /^Etiqueta(?!s)/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT', '/api/bio/2')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Deletar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deseja realmente deletar?' });
    // Cancel is the safe first choice, and Escape is Cancel.
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('DELETE', '/api/bio/2')).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: 'Deletar' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Deseja realmente deletar?' })).getByRole('button', {
        name: 'Deletar',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: '1975' })).toBeNull());
    expect(api.calls('DELETE', '/api/bio/2')).toHaveLength(1);
    // The delete names the version it was shown, so a colleague's newer save is never deleted unseen.
    expect(new Headers(api.calls('DELETE', '/api/bio/2')[0]?.init.headers).get('If-Match')).toBe('"r1"');
  });
});
