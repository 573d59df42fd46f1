import type { IrcInfo } from '@papo/contract/irc';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, route } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const tls: IrcInfo = { enabled: true, host: 'papo.example.org', port: null, tlsPort: 6697 };

function answer(info: IrcInfo | 'down') {
  return mockApi(
    route('GET', '/api/irc', () => (info === 'down' ? json(503, { message: 'service_unavailable' }) : json(200, info))),
  );
}

function guide(id: string) {
  return within(screen.getByTestId(`irc-guide-${id}`));
}

describe('/irc, how to connect from an IRC client', () => {
  it('gives the server, the TLS port, SASL PLAIN and the title of the page', async () => {
    answer(tls);
    renderApp('/irc');
    await screen.findByRole('heading', { level: 1, name: 'Papo no IRC' });
    const settings = within(await screen.findByTestId('irc-settings'));
    expect(settings.getByText('Servidor').nextSibling).toHaveTextContent('papo.example.org');
    expect(settings.getByText('Porta com TLS').nextSibling).toHaveTextContent('6697');
    expect(settings.queryByText('Porta sem TLS')).not.toBeInTheDocument();
    expect(settings.getByText('Entrada').nextSibling).toHaveTextContent(/SASL PLAIN com o seu nome de usuário/);
    expect(screen.queryByText(/a sua senha viaja sem criptografia/)).not.toBeInTheDocument();
    expect(document.title).toBe('Papo no IRC - Papo');
  });

  it('writes the exact commands and fields of irssi, WeeChat, HexChat and The Lounge for the TLS port', async () => {
    answer(tls);
    renderApp('/irc');
    await screen.findByTestId('irc-settings');
    expect(guide('irssi').getByLabelText('Comandos para o irssi').textContent?.split('\n')).toEqual([
      '/network add -sasl_mechanism PLAIN -sasl_username seu-usuario -sasl_password sua-senha Papo',
      '/server add -auto -network Papo -tls papo.example.org 6697',
      '/channel add -auto #barra Papo',
      '/connect Papo',
    ]);
    expect(guide('weechat').getByLabelText('Comandos para o WeeChat')).toHaveTextContent(
      '/server add papo papo.example.org/6697 -tls',
    );
    expect(guide('weechat').getByLabelText('Comandos para o WeeChat')).toHaveTextContent(
      '/set irc.server.papo.sasl_username seu-usuario',
    );
    const hexchat = guide('hexchat');
    expect(hexchat.getByRole('rowheader', { name: 'Servers (a linha da rede)' }).nextSibling).toHaveTextContent(
      'papo.example.org/6697',
    );
    expect(hexchat.getByRole('rowheader', { name: 'Login method' }).nextSibling).toHaveTextContent(
      'SASL (username + password)',
    );
    const lounge = guide('lounge');
    expect(lounge.getByRole('rowheader', { name: 'Port' }).nextSibling).toHaveTextContent('6697');
    expect(lounge.getByRole('rowheader', { name: 'Use secure connection (TLS)' }).nextSibling).toHaveTextContent(
      'marcado',
    );
    expect(lounge.getByRole('rowheader', { name: 'Authentication' }).nextSibling).toHaveTextContent(
      'Username + password (SASL PLAIN)',
    );
  });

  it('without TLS, gives the plain port everywhere and says the password travels unencrypted', async () => {
    answer({ enabled: true, host: 'localhost', port: 6667, tlsPort: null });
    renderApp('/irc');
    const settings = within(await screen.findByTestId('irc-settings'));
    expect(settings.getByText('Porta com TLS').nextSibling).toHaveTextContent(/nenhuma/);
    expect(settings.getByText('Porta sem TLS').nextSibling).toHaveTextContent('6667');
    expect(screen.getByText(/a sua senha viaja sem criptografia/)).toBeInTheDocument();
    expect(guide('irssi').getByLabelText('Comandos para o irssi')).toHaveTextContent(
      '/server add -auto -network Papo -notls localhost 6667',
    );
    expect(guide('weechat').getByLabelText('Comandos para o WeeChat')).toHaveTextContent(
      '/server add papo localhost/6667 -notls',
    );
    expect(
      guide('lounge').getByRole('rowheader', { name: 'Use secure connection (TLS)' }).nextSibling,
    ).toHaveTextContent('desmarcado');
  });

  it('says plainly when the site has no IRC, with the way to the channels', async () => {
    answer({ enabled: false, host: 'papo.example.org', port: null, tlsPort: null });
    renderApp('/irc');
    const off = await screen.findByTestId('irc-off');
    expect(off).toHaveTextContent('O IRC não está aberto neste site');
    expect(within(off).getByRole('link', { name: 'Ver os canais' })).toHaveAttribute('href', '/channels');
    expect(screen.queryByTestId('irc-settings')).not.toBeInTheDocument();
  });

  it('offers to try again when the server does not answer, and then shows the settings', async () => {
    answer('down');
    renderApp('/irc');
    const error = await screen.findByTestId('load-error');
    answer(tls);
    fireEvent.click(within(error).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('irc-settings')).toBeInTheDocument();
  });
});
