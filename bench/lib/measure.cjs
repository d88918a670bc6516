// What the benchmarks measure the same way: an API path under autocannon, and the SQL the
// services build, numbered for `pg`.
const autocannon = require('autocannon');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A 2-second warm-up, then `runs` runs of `seconds`: the median of their p50, p99 and req/s. */
async function measureApi(baseUrl, token, path, { connections, seconds, runs = 3 }) {
  const run = (duration) =>
    autocannon({
      url: `${baseUrl}${path}`,
      connections,
      duration,
      headers: { authorization: `Bearer ${token}` },
    });
  await run(2);
  const results = [];
  for (let i = 0; i < runs; i++) {
    const result = await run(seconds);
    if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} answers were not 2xx`);
    results.push(result);
  }
  return {
    p50: median(results.map((r) => r.latency.p50)),
    p99: median(results.map((r) => r.latency.p99)),
    rps: median(results.map((r) => r.requests.average)),
  };
}

/** A repository's `{sql, params}` with MikroORM's `?` placeholders, as `pg` takes it. */
function numbered({ sql, params }) {
  let n = 0;
  return { text: sql.replace(/\?/g, () => `$${++n}`), values: params };
}

module.exports = { median, measureApi, numbered };
