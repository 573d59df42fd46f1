/** The part of irc-framework (The Lounge's IRC client, JavaScript only) the gateway's tests use. */
declare module 'irc-framework' {
  import { EventEmitter } from 'node:events';

  interface ConnectOptions {
    host: string;
    port: number;
    nick: string;
    username?: string;
    gecos?: string;
    password?: string;
    account?: { account: string; password: string };
    auto_reconnect?: boolean;
    enable_echomessage?: boolean;
    tls?: boolean;
    rejectUnauthorized?: boolean;
    ping_interval?: number;
    /** The local address the socket connects from. */
    outgoing_addr?: string;
  }

  export class Client extends EventEmitter {
    constructor(options?: Partial<ConnectOptions>);
    user: { nick: string };
    network: { cap: { enabled: string[] } };
    connect(options: ConnectOptions): void;
    join(channel: string): void;
    part(channel: string): void;
    say(target: string, text: string): void;
    notice(target: string, text: string): void;
    action(target: string, text: string): void;
    changeNick(nick: string): void;
    setTopic(channel: string, topic: string): void;
    raw(...words: string[]): void;
    quit(message?: string): void;
    tagmsg(target: string, tags: Record<string, string>): void;
  }

  const irc: { Client: typeof Client };
  export default irc;
}
