import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderProfile } from '../test/render-profile';

const textarea = () => screen.getByRole('textbox', { name: 'Mensagem de boas-vindas' });
const saveMessage = () => screen.getByRole('button', { name: 'Salvar mensagem' });

describe('welcome message', () => {
  it('counts characters and saves the trimmed text', async () => {
    const { api, user } = await renderProfile({ welcomeMessage: '' });
    expect(saveMessage()).toBeDisabled();
    await user.type(textarea(), '  Oi, gente!  ');
    expect(screen.getByText('14 de 500 caracteres')).toBeInTheDocument();
    await user.click(saveMessage());

    expect(await screen.findByText('Mensagem de boas-vindas salva.')).toBeInTheDocument();
    expect(api.changes()).toEqual([
      { method: 'POST', path: '/api/update-welcome-message', body: { welcomeMessage: 'Oi, gente!' } },
    ]);
    expect(textarea()).toHaveValue('Oi, gente!');
    expect(saveMessage()).toBeDisabled();
  });

  it('stops at 500 characters', async () => {
    const { user } = await renderProfile({ welcomeMessage: '' });
    expect(textarea()).toHaveAttribute('maxlength', '500');
    await user.click(textarea());
    await user.paste('a'.repeat(520));
    expect(textarea()).toHaveValue('a'.repeat(500));
    expect(screen.getByText('500 de 500 caracteres')).toBeInTheDocument();
  });

  it('keeps the text and shows a short message when the call fails', async () => {
    const { api, user } = await renderProfile();
    api.failNext('POST /api/update-welcome-message', 0);
    await user.type(textarea(), ' :)');
    await user.click(saveMessage());
    expect(await screen.findByTestId('toast')).toHaveTextContent('Não foi possível falar com o servidor.');
    expect(textarea()).toHaveValue('Olá, sejam bem-vindos! :)');
    expect(saveMessage()).toBeEnabled();
  });
});

describe('profile picture', () => {
  const summary = () => screen.getByRole('region', { name: 'Maria Silva' });

  it('uploads the chosen file as profile_picture and shows the new picture', async () => {
    const { api, user } = await renderProfile();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(within(summary()).getByLabelText('Alterar foto'), file);

    const [call] = api.changes();
    expect(call).toMatchObject({ method: 'POST', path: '/api/upload-profile-picture' });
    const sent = (call?.body as FormData).get('profile_picture');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('me.png');
    await waitFor(() =>
      expect(within(summary()).getByRole('img', { name: 'Foto de perfil de Maria Silva' }).getAttribute('src')).toMatch(
        /^\/uploads\/profile\/new-/,
      ),
    );
    expect(await screen.findByText('Foto de perfil atualizada.')).toBeInTheDocument();
  });

  it('explains a refused file beside the control', async () => {
    const { api, user } = await renderProfile();
    api.failNext('POST /api/upload-profile-picture', 400, { message: 'invalid_image' });
    const input = within(summary()).getByLabelText('Alterar foto');
    await user.upload(input, new File(['<svg/>'], 'fake.png', { type: 'image/png' }));

    expect(await within(summary()).findByRole('alert')).toHaveTextContent(
      'Não conseguimos ler esta imagem. Envie um PNG, JPG, GIF ou WebP.',
    );
    const button = within(summary()).getByRole('button', { name: 'Alterar foto' });
    expect(button).toHaveAttribute('aria-invalid', 'true');
    expect(button).toHaveAccessibleDescription(
      expect.stringContaining('Não conseguimos ler esta imagem. Envie um PNG, JPG, GIF ou WebP.'),
    );
    expect(within(summary()).getByRole('img')).toHaveAttribute('src', '/uploads/profile/abc.webp');
  });
});
