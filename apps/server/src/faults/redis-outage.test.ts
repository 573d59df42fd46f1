import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelMessage } from '@papo/contract/socket-events';
import { record, request, waitFor } from '../realtime/test-support.js';
import { hasPostgres } from '../test/db.js';
import {
  processClusterSkipReason as skipReason,
  startProcessCluster,
  type ProcessCluster,
} from '../test/process-cluster.js';
import { redisServerUnavailable } from '../test/redis-server.js';
import type { ServerProcess } from '../test/server-process.js';
const pauseMs = 3_000;

/**
 * Two server processes on one PostgreSQL database and a Redis of the test's own, which the test pauses, stops and
 * starts again while members chat in #barra: a sender and a listener on node 1, a listener on node 2. No line is
 * answered 200 unless it reaches node 2.
 */
describe.skipIf(!hasPostgres || redisServerUnavailable)(
  `Redis pausing and dying under two nodes${skipReason()}`,
  () => {
    let cluster: ProcessCluster;
    let nodes: ProcessCluster['nodes'];
    let senderHeaders: Record<string, string>;
    let seenOnNode1: [ChannelMessage][];
    let seenOnNode2: [ChannelMessage][];

    beforeAll(async () => {
      cluster = await startProcessCluster();
      nodes = cluster.nodes;
      // the sender is staff, whom flood control never limits, so the test may send as often as it measures.
      const sender = (await cluster.account('falante', ['ROLE_USER', 'ROLE_MODERATOR'])).token;
      senderHeaders = { authorization: `Bearer ${sender}`, 'content-type': 'application/json' };
      const join = async (node: ServerProcess, token: string) => {
        const client = await cluster.connect(node, token);
        expect(await request(client, 'join', '#barra')).toEqual({ ok: true });
        return client;
      };
      await join(nodes[0], sender);
      seenOnNode1 = record(await join(nodes[0], (await cluster.account('vizinha')).token), 'new-message');
      seenOnNode2 = record(await join(nodes[1], (await cluster.account('distante')).token), 'new-message');
    }, 150_000);
    afterAll(() => cluster?.close(), 30_000);

    let sent = 0;
    /** One line from node 1's sender: its text and the answer's status, Retry-After and message key. */
    const attempt = async (label: string) => {
      const text = `${label}-${++sent}`;
      const res = await fetch(`${nodes[0]!.url}/api/send-message`, {
        method: 'POST',
        headers: senderHeaders,
        body: JSON.stringify({ channel: 'barra', text }),
      });
      const body = (await res.json()) as { message?: string };
      return { text, status: res.status, retryAfter: res.headers.get('retry-after'), message: body.message };
    };
    /** Every line answered 200: each must reach node 2. */
    const accepted: string[] = [];
    const allAcceptedArrived = () =>
      waitFor('every line answered 200 on node 2', () => accepted.every((text) => seen(seenOnNode2, text)), 5_000);
    /** A line is answered 200 (and must then reach node 2: `allAcceptedArrived`) or refused so the sender retries. */
    const acceptedOrRefused = (answer: Awaited<ReturnType<typeof attempt>>) => {
      if (answer.status === 200) accepted.push(answer.text);
      else
        expect(answer).toEqual({ text: answer.text, status: 503, retryAfter: '5', message: 'message_not_delivered' });
    };
    const seen = (list: [ChannelMessage][], text: string) => list.some(([message]) => message.text === text);
    /** Sends every 200 ms (a refused line is retried, as the client does) until node 2's client receives one; answers the milliseconds since `from`. */
    const untilCrossNode = async (label: string, from: number) => {
      const texts: string[] = [];
      await waitFor(
        `cross-node delivery (${label})`,
        async () => {
          const answer = await attempt(label);
          acceptedOrRefused(answer);
          if (answer.status === 200) texts.push(answer.text);
          if (texts.some((text) => seen(seenOnNode2, text))) return true;
          await new Promise((resolve) => setTimeout(resolve, 200));
          return texts.some((text) => seen(seenOnNode2, text));
        },
        15_000,
      );
      return Date.now() - from;
    };
    const readyz = async (node: ServerProcess) => {
      const res = await fetch(`${node.url}/readyz`);
      return { status: res.status, body: (await res.json()) as { status?: string; redis?: string; message?: string } };
    };

    it('while Redis is paused a line is refused with a retry or reaches the other node; across nodes again once it answers', async () => {
      await untilCrossNode('warm-up', Date.now());
      const pausedAt = Date.now();
      await cluster.redis.pause(pauseMs);
      // A Redis that hangs counts as unreachable too: its PING gets no answer.
      const [during, readyDuringPause] = await Promise.all([attempt('paused'), readyz(nodes[1]!)]);
      const answeredMs = Date.now() - pausedAt;
      const resumedMs = await untilCrossNode('after-pause', pausedAt + pauseMs);
      acceptedOrRefused(during);
      expect(readyDuringPause).toEqual({ status: 503, body: { message: 'redis_unreachable' } });
      await allAcceptedArrived();
      console.log(
        `redis paused ${pauseMs} ms: a line sent into the pause answered ${during.status} after ${answeredMs} ms; cross-node delivery back ${resumedMs} ms after redis answered`,
      );
      expect(resumedMs).toBeLessThan(5_000);
      expect(nodes.every((node) => node.child.exitCode === null)).toBe(true);
    }, 60_000);

    it('while Redis is down answers no line 200 (503 with Retry-After and a key), answers /readyz 503 redis_unreachable, and serves across nodes again, ready, when it restarts', async () => {
      await cluster.redis.stop();
      const during = [];
      for (let i = 0; i < 5; i++) during.push(await attempt('down'));
      expect(during.map((answer) => answer.status)).toEqual([503, 503, 503, 503, 503]);
      // Refused, so not shown on this node either: the sender's retry is the one copy anyone sees.
      expect(during.some((answer) => seen(seenOnNode1, answer.text))).toBe(false);
      // A load balancer must send this node's traffic elsewhere: it cannot reach the others.
      expect(await readyz(nodes[0]!)).toEqual({ status: 503, body: { message: 'redis_unreachable' } });
      expect(await readyz(nodes[1]!)).toEqual({ status: 503, body: { message: 'redis_unreachable' } });
      const restartedAt = Date.now();
      await cluster.redis.start();
      const resumedMs = await untilCrossNode('after-restart', restartedAt);
      await waitFor(
        '/readyz to report redis back',
        async () => (await Promise.all(nodes.map(readyz))).every((answer) => answer.status === 200),
        10_000,
      );
      expect(await readyz(nodes[0]!)).toEqual({ status: 200, body: { status: 'ready', redis: 'connected' } });
      await allAcceptedArrived();
      console.log(
        `redis stopped and restarted: cross-node delivery back ${resumedMs} ms after redis started; no process exited`,
      );
      expect(resumedMs).toBeLessThan(5_000 + 2_000);
      expect(nodes.every((node) => node.child.exitCode === null)).toBe(true);
      const log = nodes.map((node) => node.output.join('')).join('');
      expect(log).not.toMatch(/Unhandled|uncaught/i);
    }, 60_000);
  },
);
