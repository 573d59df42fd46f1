import type { IrcInfo } from '@papo/contract/irc';
import { defaultChannel } from '@papo/contract/channel-names';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a client connects: the TLS port when there is one, else the plain one. */
export interface Endpoint {
  host: string;
  port: number;
  tls: boolean;
}

/** The endpoint the guides use; null when the gateway is off. */
export function preferredEndpoint(info: IrcInfo): Endpoint | null {
  if (info.tlsPort !== null) return { host: info.host, port: info.tlsPort, tls: true };
  if (info.port !== null) return { host: info.host, port: info.port, tls: false };
  return null;
}

interface Account {
  user: string;
  password: string;
}

const channel = `#${defaultChannel}`;

/**
 * irssi 1.4's commands: a network with SASL, its server (irssi verifies TLS certificates by default), a channel joined
 * on every connection, then connect.
 */
function irssiCommands({ host, port, tls }: Endpoint, { user, password }: Account): string[] {
  return [
    `/network add -sasl_mechanism PLAIN -sasl_username ${user} -sasl_password ${password} Papo`,
    `/server add -auto -network Papo ${tls ? '-tls' : '-notls'} ${host} ${port}`,
    `/channel add -auto ${channel} Papo`,
    '/connect Papo',
  ];
}

/** WeeChat 4's commands (TLS is on by default for a new server there, so the plain case says -notls). */
function weechatCommands({ host, port, tls }: Endpoint, { user, password }: Account): string[] {
  return [
    `/server add papo ${host}/${port} ${tls ? '-tls' : '-notls'}`,
    '/set irc.server.papo.sasl_mechanism plain',
    `/set irc.server.papo.sasl_username ${user}`,
    `/set irc.server.papo.sasl_password ${password}`,
    `/set irc.server.papo.autojoin "${channel}"`,
    '/connect papo',
  ];
}

function Commands({ lines, client }: { lines: string[]; client: string }) {
  const { t } = useTranslation();
  return (
    <pre
      aria-label={t('irc.clients.commandsOf', { client })}
      tabIndex={0}
      className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-sm leading-6 text-emerald-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
    >
      <code>{lines.join('\n')}</code>
    </pre>
  );
}

function Fields({ rows, client }: { rows: [string, string][]; client: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('irc.clients.fieldsOf', { client })}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('irc.clients.field')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('irc.clients.value')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map(([field, value]) => (
            <tr key={field}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {field}
              </th>
              <td className="px-3 py-2 font-mono text-slate-800 wrap-anywhere">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Guide({ id, name, text, children }: { id: string; name: string; text: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`irc-${id}`}
      data-testid={`irc-guide-${id}`}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 id={`irc-${id}`} className="text-base font-semibold text-slate-900">
        {name}
      </h3>
      <p className="mt-2 text-sm leading-6 text-slate-700">{text}</p>
      {children}
    </section>
  );
}

/** The exact settings for irssi, WeeChat, HexChat and The Lounge, with this site's host and port. */
export function ClientGuides({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation();
  const account = { user: t('irc.clients.placeholderUser'), password: t('irc.clients.placeholderPassword') };
  const tlsState = t(endpoint.tls ? 'irc.clients.checked' : 'irc.clients.unchecked');
  return (
    <section className="mt-8" aria-labelledby="irc-clients">
      <h2 id="irc-clients" className="text-lg font-semibold text-slate-900 sm:text-xl">
        {t('irc.clients.title')}
      </h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">{t('irc.clients.replace', account)}</p>
      <div className="mt-4 grid grid-cols-1 gap-4">
        <Guide id="irssi" name="irssi" text={t('irc.clients.irssi')}>
          <Commands lines={irssiCommands(endpoint, account)} client="irssi" />
        </Guide>
        <Guide id="weechat" name="WeeChat" text={t('irc.clients.weechat')}>
          <Commands lines={weechatCommands(endpoint, account)} client="WeeChat" />
        </Guide>
        <Guide id="hexchat" name="HexChat" text={t('irc.clients.hexchat')}>
          <Fields
            client="HexChat"
            rows={[
              [t('irc.clients.hexchatFields.servers'), `${endpoint.host}/${endpoint.port}`],
              [t('irc.clients.hexchatFields.tls'), tlsState],
              [t('irc.clients.hexchatFields.login'), t('irc.clients.saslChoice')],
              [t('irc.clients.hexchatFields.username'), account.user],
              [t('irc.clients.hexchatFields.password'), account.password],
              [t('irc.clients.hexchatFields.channels'), channel],
            ]}
          />
        </Guide>
        <Guide id="lounge" name="The Lounge" text={t('irc.clients.lounge')}>
          <Fields
            client="The Lounge"
            rows={[
              [t('irc.clients.loungeFields.server'), endpoint.host],
              [t('irc.clients.loungeFields.port'), String(endpoint.port)],
              [t('irc.clients.loungeFields.tls'), tlsState],
              [t('irc.clients.loungeFields.auth'), t('irc.clients.loungeSasl')],
              [t('irc.clients.loungeFields.account'), account.user],
              [t('irc.clients.loungeFields.password'), account.password],
              [t('irc.clients.loungeFields.channels'), channel],
            ]}
          />
        </Guide>
      </div>
    </section>
  );
}
