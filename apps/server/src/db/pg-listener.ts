import pg from 'pg';

/** The PostgreSQL channels the nodes listen on: the bus's messages, and the version rows' moves (decision 031). */
export const busChannel = 'papo_bus';
export const versionChannel = 'papo_version';
const channels = [busChannel, versionChannel] as const;
type Channel = (typeof channels)[number];

/** Waits before connecting again after a loss: from the first to the last, then the last again. */
const maxReconnectDelayMs = 2000;
const reconnectDelaysMs = [100, 250, 500, 1000, maxReconnectDelayMs];

/**
 * One connection of its own per node that `LISTEN`s to PostgreSQL's notifications (decision 031): what another
 * node's writer (its triggers, or its bus) tells after its commit. It connects on the first `on`, and again by
 * itself whenever the connection goes (the database restarting, a `pg_terminate_backend`), never ending the process.
 */
export interface PgListener {
  /** Calls `onPayload` with each notification on `channel`; the first call connects. */
  on(channel: Channel, onPayload: (payload: string) => void): void;
  /** Whether every channel is listened to now: a commit from now on will be heard. */
  readonly listening: boolean;
  /** Grows each time listening starts again: what was committed between two values may have gone unheard. */
  readonly epoch: number;
  /** Calls `listener` each time listening starts (again) or stops. */
  onStateChange(listener: (up: boolean) => void): void;
  /** Settles once listening for the first time (never rejects; it may never settle while the database is away). */
  readonly ready: Promise<void>;
  /** The listening backend's process id (what `pg_terminate_backend` takes), while connected. */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

export function createPgListener(opts: {
  connectionString: string;
  warn: (key: string, error: unknown) => void;
}): PgListener {
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const stateListeners: ((up: boolean) => void)[] = [];
  let client: pg.Client | undefined;
  let listening = false;
  let epoch = 0;
  let started = false;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const setState = (up: boolean) => {
    if (listening === up) return;
    listening = up;
    if (up) epoch += 1;
    for (const listener of stateListeners) listener(up);
  };

  const lost = (which: pg.Client, error?: unknown) => {
    if (which !== client) return;
    client = undefined;
    setState(false);
    if (error) opts.warn('pg_listener_lost', error);
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    schedule();
  };

  const schedule = () => {
    if (closed || timer) return;
    const delay = reconnectDelaysMs[Math.min(failures, reconnectDelaysMs.length - 1)] ?? maxReconnectDelayMs;
    failures += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: opts.connectionString, connectionTimeoutMillis: 5000 });
    client = next;
    // without an 'error' listener a lost connection would end the process.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    try {
      await next.connect();
      for (const channel of channels) await next.query(`listen ${channel}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (client !== next || closed) return;
    failures = 0;
    setState(true);
    markReady();
  };

  return {
    on(channel, onPayload) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), onPayload]);
      if (started) return;
      started = true;
      void connect();
    },
    get listening() {
      return listening;
    },
    get epoch() {
      return epoch;
    },
    onStateChange(listener) {
      stateListeners.push(listener);
    },
    ready,
    get pid() {
      // pg sets `processID` on the client at connection; its types do not declare it.
      const pid: unknown = listening && client ? Reflect.get(client, 'processID') : undefined;
      return typeof pid === 'number' ? pid : undefined;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      setState(false);
      await last?.end().catch(() => undefined);
    },
  };
}
