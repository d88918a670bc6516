// The bench's own Redis database: its keys and the memory they take (MEMORY USAGE, sampled
// exactly), the RPC streams' lengths among them.
const { Redis } = require('ioredis');

async function redisFootprint(url) {
  const redis = new Redis(url);
  try {
    let bytes = 0;
    let keys = 0;
    const streams = {};
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'COUNT', 1000);
      cursor = next;
      for (const key of batch) {
        keys += 1;
        bytes += (await redis.memory('USAGE', key, 'SAMPLES', '0')) ?? 0;
        if (key.startsWith('rpc:') && (await redis.type(key)) === 'stream')
          streams[key] = await redis.xlen(key);
      }
    } while (cursor !== '0');
    return { keys, bytes, streams };
  } finally {
    redis.disconnect();
  }
}

module.exports = { redisFootprint };
