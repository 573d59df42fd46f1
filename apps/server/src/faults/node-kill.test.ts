import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationPage } from '@papo/contract/conversations';
import { record, request, waitFor } from '../realtime/test-support.js';
import { hasPostgres } from '../test/db.js';
import {
  processClusterSkipReason as skipReason,
  startProcessCluster,
  type ProcessCluster,
} from '../test/process-cluster.js';
import { redisServerUnavailable } from '../test/redis-server.js';
import type { ServerProcess } from '../test/server-process.js';

/**
 * `kill -9` of a node in the middle of a private conversation: the sender moves to the other node, and every
 * message the sender saw acknowledged is there afterwards; the reader who was away catches up without duplicates.
 */
describe.skipIf(!hasPostgres || redisServerUnavailable)(
  `a node killed during a private conversation${skipReason()}`,
  () => {
    let cluster: ProcessCluster;
    let nodes: ProcessCluster['nodes'];
    let ana: Record<string, string>;
    let bia: Record<string, string>;
    let biaToken: string;
    let conversationId: number;

    beforeAll(async () => {
      cluster = await startProcessCluster();
      nodes = cluster.nodes;
      const a = await cluster.account('ana');
      const b = await cluster.account('bia');
      ana = { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' };
      bia = { authorization: `Bearer ${b.token}` };
      biaToken = b.token;
      const opened = await fetch(`${nodes[1].url}/api/add-conversation`, {
        method: 'POST',
        headers: ana,
        body: JSON.stringify({ user: b.userId }),
      });
      conversationId = ((await opened.json()) as { conversation_id: number }).conversation_id;
    }, 150_000);
    afterAll(() => cluster?.close(), 30_000);

    const send = (node: ServerProcess, content: string) =>
      fetch(`${node.url}/api/conversations/private/messages`, {
        method: 'POST',
        headers: ana,
        body: JSON.stringify({ content, conversation_id: conversationId }),
      }).then(
        async (res) => (res.status === 200 ? ((await res.json()) as { id: number }).id : undefined),
        () => undefined,
      );
    const page = async (after: number): Promise<ConversationPage> => {
      const res = await fetch(`${nodes[1]!.url}/api/conversations/${conversationId}${after ? `?after=${after}` : ''}`, {
        method: 'POST',
        headers: bia,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as ConversationPage;
    };

    it('loses none of the acknowledged messages, and the reader catches up without duplicates', async () => {
      // Bia reads the (empty) conversation, then goes away; her live socket is on the node about to die.
      const seenBeforeAway = (await page(0)).messages.map((message) => message.id);
      const room = `conversation_${conversationId}`;
      const live = await cluster.connect(nodes[0], biaToken);
      expect(await request(live, 'join', room)).toEqual({ ok: true });
      const acknowledged: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const id = await send(nodes[0]!, `antes ${i}`);
        if (id) acknowledged.push(id);
      }
      // Six more in flight as the node is killed: each is either acknowledged or fails; both are fine, losing one is not.
      const inFlight = Array.from({ length: 6 }, (_, i) => send(nodes[0]!, `durante ${i}`));
      const killedAt = Date.now();
      nodes[0]!.child.kill('SIGKILL');
      const disconnected = new Promise((resolve) => live.once('disconnect', resolve));
      for (const id of await Promise.all(inFlight)) if (id) acknowledged.push(id);
      await disconnected;
      // The clients move to the other node.
      const moved = await cluster.connect(nodes[1], biaToken);
      const movedMs = Date.now() - killedAt;
      const arriving = record(moved, 'new_message');
      expect(await request(moved, 'join', room)).toEqual({ ok: true });
      for (let i = 0; i < 6; i += 1) {
        const id = await send(nodes[1]!, `depois ${i}`);
        expect(id).toBeDefined();
        acknowledged.push(id!);
      }
      await waitFor('the moved client to hear the new messages', () => arriving.length >= 6);

      // Bia catches up from the last message she had, page by page.
      const caughtUp: number[] = [];
      let after = seenBeforeAway.at(-1) ?? 0;
      for (;;) {
        const next = await page(after);
        caughtUp.push(...next.messages.map((message) => message.id));
        if (!next.hasMore || !next.messages.length) break;
        after = next.messages.at(-1)!.id;
      }
      const lost = acknowledged.filter((id) => !caughtUp.includes(id));
      const duplicates = caughtUp.length - new Set(caughtUp).size;
      console.log(
        `node killed with 6 requests in flight: ${acknowledged.length} messages acknowledged, ${lost.length} lost, ` +
          `${duplicates} duplicates on catch-up; the reader reconnected to the other node ${movedMs} ms after the kill`,
      );
      expect(lost).toEqual([]);
      expect(duplicates).toBe(0);
      expect(nodes[1]!.child.exitCode).toBeNull();
    }, 60_000);
  },
);
