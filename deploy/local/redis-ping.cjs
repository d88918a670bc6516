// One PING to a Redis, for npm start's checks: 'PONG', or why not (the error's message).
const Redis = require('ioredis');

async function ping(url) {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableReadyCheck: false,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return await client.ping();
  } catch (error) {
    return error.message;
  } finally {
    client.disconnect();
  }
}

module.exports = { ping };
