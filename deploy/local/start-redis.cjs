// npm start's Redis: one of its own (own-redis.cjs: its port and data directory, the services'
// users, default off), or, when REDIS_URL is set, that Redis once it has shown that least privilege
// holds there: each service's user signs in, and nobody gets in without a user.
const { join } = require('node:path');
const { aclUsers } = require('../redis/acl.cjs');
const { ensureRedisServerInstalled, portIsFree } = require('./infra.cjs');
const { startOwnRedis } = require('./own-redis.cjs');
const { ping } = require('./redis-ping.cjs');

const root = join(__dirname, '..', '..');
const DEFAULT_PORT = 6390;
const nothing = async () => {};

/** Each service's URL at an outside Redis: <SERVICE>_REDIS_URL, else REDIS_URL's host as tawsil-<service>. */
function outsideServiceUrls(redisUrl, env, passwordOf) {
  const urls = {};
  for (const user of aclUsers().filter((candidate) => candidate.passwordVariable)) {
    const service = user.name.replace(/^tawsil-/, '');
    const own = env[`${service.replace(/-/g, '_').toUpperCase()}_REDIS_URL`];
    if (own) {
      urls[service] = own;
      continue;
    }
    const url = new URL(redisUrl);
    url.username = user.name;
    url.password = passwordOf(user.passwordVariable);
    urls[service] = url.toString();
  }
  return urls;
}

/** What stops the services from using the outside Redis as least privilege wants, one line each. */
async function outsideRedisProblems(redisUrl, serviceUrls) {
  const host = new URL(redisUrl).host;
  const problems = [];
  const pong = await ping(redisUrl);
  if (pong !== 'PONG') return [`Redis at ${host} does not answer REDIS_URL: ${pong}`];
  const refused = [];
  for (const [service, url] of Object.entries(serviceUrls))
    if ((await ping(url)) !== 'PONG') refused.push(`tawsil-${service}`);
  if (refused.length)
    problems.push(
      `the users ${refused.join(', ')} do not sign in: load them with \`node deploy/redis/acl.cjs | redis-cli -u "$REDIS_URL"\`, ` +
        'their passwords in .env (GATEWAY_REDIS_PASSWORD…)',
    );
  const anonymous = new URL(redisUrl);
  anonymous.username = '';
  anonymous.password = '';
  if ((await ping(anonymous.toString())) === 'PONG')
    problems.push('its default user answers without a password: turn it off (`ACL SETUSER default off`)');
  const named = decodeURIComponent(new URL(redisUrl).username);
  if (!named || named === 'default')
    problems.push('REDIS_URL signs in as the default user: give npm start an administrator user of its own');
  return problems.map((problem) => `Redis at ${host}: ${problem}`);
}

/**
 * The Redis npm start gives its services: { url (the administrator's), serviceUrls, started, stop }.
 * Throws with one line per problem when REDIS_URL's Redis is not fit.
 */
async function redisForStart(env, offset, passwordOf) {
  if (env.REDIS_URL) {
    const serviceUrls = outsideServiceUrls(env.REDIS_URL, env, passwordOf);
    const problems = await outsideRedisProblems(env.REDIS_URL, serviceUrls);
    if (problems.length)
      throw new Error(
        `Not starting: ${problems.join('; ')} (docs/least-privilege.md). Or leave REDIS_URL unset: npm start then runs a Redis of its own.`,
      );
    return { url: env.REDIS_URL, serviceUrls, started: false, stop: nothing };
  }
  await ensureRedisServerInstalled();
  const port = Number(env.REDIS_PORT || DEFAULT_PORT + offset);
  if (!(await portIsFree(port)))
    throw new Error(
      `Port ${port} is taken, where npm start runs its own Redis (an earlier npm start still running?): ` +
        'stop what listens there, or set REDIS_PORT or PORT_OFFSET.',
    );
  const redis = await startOwnRedis({
    port,
    dir: join(root, '.local', `redis-${port}`),
    adminPassword: passwordOf('REDIS_ADMIN_PASSWORD'),
    passwordOf,
  });
  return { url: redis.adminUrl, serviceUrls: redis.serviceUrls, started: true, stop: redis.stop };
}

module.exports = { outsideRedisProblems, redisForStart };
