import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

describe('static pages', () => {
  it.each([
    ['/termos-de-uso', 'Termos de uso'],
    ['/politica-de-privacidade', 'Política de privacidade'],
    ['/sobre-nos', 'Sobre nós'],
  ])('%s has a title, several sections and a link to /contato', async (path, title) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: title });
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    expect(within(main).getByRole('link', { name: 'Fale conosco' })).toHaveAttribute('href', '/contato');
    expect(document.title).toBe(`${title} - Papo`);
  });

  it('About says chats are not stored and lists the four statuses', async () => {
    renderApp('/sobre-nos');
    await screen.findByRole('heading', { level: 1, name: 'Sobre nós' });
    expect(screen.getByRole('heading', { name: 'As conversas não ficam guardadas' })).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((term) => term.textContent?.replace(/^\W+/, ''));
    // the app's own rank names, the spec's English ones in parentheses.
    expect(terms).toEqual(['Voz (Voiced)', 'Operador (Operator)', 'Mestre (Master)', 'Fundador (Founder)']);
    expect(screen.getByRole('main')).not.toHaveTextContent('masters');
  });

  it('Terms say moderators and administrators may remove content, suspend or ban', async () => {
    renderApp('/termos-de-uso');
    await screen.findByRole('heading', { level: 1, name: 'Termos de uso' });
    expect(screen.getByRole('main')).toHaveTextContent(
      /moderadores e administradores do Papo podem remover conteúdos e suspender ou banir usuários/i,
    );
  });
});
