// The processes `npm start` runs (services, their workers, the sandboxes) with their ports, and
// the order Ctrl-C stops them in.

// health and metrics: the defaults of each service's config class, moved by PORT_OFFSET; a
// service's worker (its queue processors, worker.ts) on the ports 100 and 10 above its own.
const SERVICE_PROCESSES = [
  {
    name: 'gateway',
    role: 'gateway',
    entry: 'services/gateway/dist/main.js',
    metrics: 9400,
    env: (keys) => ({ JWT_PUBLIC_KEY: keys.publicKey }),
  },
  {
    name: 'identity',
    role: 'service',
    entry: 'services/identity/dist/src/main.js',
    health: 3101,
    metrics: 9401,
    env: (keys) => ({ JWT_PRIVATE_KEY: keys.privateKey }),
  },
  { name: 'orders', role: 'service', entry: 'services/orders/dist/src/main.js', health: 3102, metrics: 9402 },
  {
    name: 'stores-youcan',
    role: 'service',
    entry: 'services/stores/youcan/dist/src/main.js',
    health: 3103,
    metrics: 9403,
  },
  {
    name: 'delivery-zr',
    role: 'service',
    entry: 'services/delivery/zr/dist/src/main.js',
    health: 3104,
    metrics: 9404,
  },
];

const workerOf = (service) => ({
  ...service,
  name: `${service.name}-worker`,
  service: service.name,
  role: 'worker',
  entry: service.entry.replace(/main\.js$/, 'worker.js'),
  health: service.health + 100,
  metrics: service.metrics + 10,
});

const SANDBOXES = [
  {
    name: 'sandbox-youcan',
    role: 'sandbox',
    entry: 'services/sandbox/youcan/dist/main.js',
    port: 'SANDBOX_YOUCAN_PORT',
  },
  { name: 'sandbox-zr', role: 'sandbox', entry: 'services/sandbox/zr/dist/main.js', port: 'SANDBOX_ZR_PORT' },
  {
    name: 'sandbox-yalidine',
    role: 'sandbox',
    entry: 'services/sandbox/yalidine/dist/main.js',
    port: 'SANDBOX_YALIDINE_PORT',
  },
  {
    name: 'sandbox-mail',
    role: 'sandbox',
    entry: 'services/sandbox/mail/dist/main.js',
    port: 'SANDBOX_MAIL_PORT',
  },
];

const SERVICES = [
  ...SERVICE_PROCESSES,
  ...SERVICE_PROCESSES.filter((service) => service.role === 'service').map(workerOf),
  ...SANDBOXES,
];

// Stopped in this order, each group given this long; the whole stop stays within 5 s. Workers
// finish their jobs while the services they call and the sandboxes still answer.
const STOP_ORDER = [
  { role: 'gateway', timeoutMs: 1000 },
  { role: 'worker', timeoutMs: 1500 },
  { role: 'service', timeoutMs: 1500 },
  { role: 'sandbox', timeoutMs: 500 },
];

module.exports = { SERVICES, STOP_ORDER };
