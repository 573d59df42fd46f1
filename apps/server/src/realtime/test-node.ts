// A realtime node in a process of its own, so a test can kill it outright (SIGKILL) and watch the
// other nodes notice. Prints its URL as one line; reads REDIS_URL, REDIS_KEY and the presence timings.
import { startRealtimeApp } from './test-support.js';

const { url } = await startRealtimeApp({
  redisUrl: process.env.REDIS_URL,
  redisKey: process.env.REDIS_KEY,
  presence: { heartbeatMs: Number(process.env.HEARTBEAT_MS), deadAfterMs: Number(process.env.DEAD_AFTER_MS) },
});
console.log(url);
