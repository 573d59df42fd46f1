/** The commands an IRC client sends, each to the module that answers it, in the order of registration then chat. */
import { join, kick, list, mode, names, part, partAll, topic, who } from './channel-commands.js';
import type { CommandHandler, IrcConnection, RegisteredConnection } from './connection.js';
import type { IrcMessage } from './line.js';
import { changeNick, knows, privmsg, tagmsg, whois } from './member-commands.js';
import { authenticate, cap, tryRegister } from './registration.js';

/** Commands a client may send before it is registered; anything else waits for registration (451). */
const beforeRegistration = new Set(['CAP', 'AUTHENTICATE', 'PASS', 'NICK', 'USER', 'PING', 'PONG', 'QUIT']);

/** Answers one command of a connection (`IrcConnection.dispatch` runs them one after the other). */
export const handleCommand: CommandHandler = async (c, message) => {
  if (!c.registered && !beforeRegistration.has(message.command)) return c.numeric('451', 'You have not registered');
  return registrationCommand(c, message);
};

/** The commands of registration, and a registered client's through `registeredCommand`. */
async function registrationCommand(c: IrcConnection, message: IrcMessage): Promise<void> {
  const { command, params } = message;
  switch (command) {
    case 'CAP':
      return cap(c, message);
    case 'AUTHENTICATE':
      return authenticate(c, message);
    case 'PASS':
      if (!c.needs(command, params, 1)) return;
      if (c.registered) return c.numeric('462', 'You may not reregister');
      c.password = params[0];
      return;
    case 'USER':
      if (!c.needs(command, params, 4)) return;
      if (c.registered) return c.numeric('462', 'You may not reregister');
      c.userName = params[0];
      return tryRegister(c);
    case 'PING':
      if (!c.needs(command, params, 1)) return c.numeric('409', 'No origin specified');
      return c.send({ source: c.source, command: 'PONG', params: [c.source, params[0]] });
    case 'PONG':
      return;
    case 'QUIT':
      return c.close(params[0] ? `Quit: ${params[0]}` : 'Quit');
  }
  if (c.isRegistered()) return registeredCommand(c, message);
  if (command !== 'NICK') return c.numeric('451', 'You have not registered');
  if (!c.needs(command, params, 1)) return c.numeric('431', 'No nickname given');
  c.requestedNick = params[0];
  return tryRegister(c);
}

/** The commands of a registered client (registration's are `registrationCommand`'s). */
async function registeredCommand(c: RegisteredConnection, message: IrcMessage): Promise<void> {
  const { command, params } = message;
  switch (command) {
    case 'NICK':
      if (!params[0]) return c.numeric('431', 'No nickname given');
      return changeNick(c, params[0]);
    case 'JOIN':
      if (!c.needs(command, params, 1)) return;
      if (params[0] === '0') return partAll(c);
      for (const target of params[0].split(',')) await join(c, target, false);
      return;
    case 'PART':
      if (!c.needs(command, params, 1)) return;
      for (const target of params[0].split(',')) await part(c, target);
      return;
    case 'PRIVMSG':
    case 'NOTICE':
      if (!params[0]) return command === 'PRIVMSG' ? c.numeric('411', `No recipient given (${command})`) : undefined;
      if (params[1] === undefined || params[1] === '')
        return command === 'PRIVMSG' ? c.numeric('412', 'No text to send') : undefined;
      for (const target of params[0].split(',')) await privmsg(c, command, target, params[1], message.tags);
      return;
    case 'TAGMSG':
      if (!c.needs(command, params, 1)) return;
      return tagmsg(c, params[0], message.tags);
    case 'TOPIC':
      if (!c.needs(command, params, 1)) return;
      return topic(c, params[0], params[1]);
    case 'NAMES':
      if (!params[0]) return c.numeric('366', '*', 'End of /NAMES list');
      for (const target of params[0].split(',')) names(c, target);
      return;
    case 'WHO':
      return who(c, params[0] ?? '*');
    case 'WHOIS':
      if (!c.needs(command, params, 1)) return c.numeric('431', 'No nickname given');
      return whois(c, params.at(-1) ?? params[0]);
    case 'MODE':
      if (!c.needs(command, params, 1)) return;
      return mode(c, params);
    case 'KICK':
      if (!c.needs(command, params, 2)) return;
      return kick(c, params[0], params[1], params[2]);
    case 'AWAY':
      return params[0]
        ? c.numeric('306', 'You have been marked as being away')
        : c.numeric('305', 'You are no longer marked as being away');
    case 'MOTD':
      return c.numeric('422', 'MOTD File is missing');
    case 'LUSERS':
      return c.numeric('251', `There are ${c.gateway.count()} users on this server's IRC gateway`);
    case 'ISON':
      return c.numeric('303', params.filter((name) => knows(c, name)).join(' '));
    case 'USERHOST':
      return c.numeric(
        '302',
        params
          .filter((name) => knows(c, name))
          .map((name) => `${name}=+${name}@${c.source}`)
          .join(' '),
      );
    case 'LIST':
      return list(c, params[0]);
    default:
      return c.numeric('421', command, 'Unknown command');
  }
}
