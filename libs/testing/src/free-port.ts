import { createServer } from 'node:net';

// Below Linux's ephemeral range (32768–60999): the client side of every Redis and PostgreSQL
// connection takes a port from that range, and could take the one handed out here before the
// service under test binds it (EADDRINUSE).
const FIRST = 20_000;
const LAST = 32_000;
// Each Jest worker draws from a slice of its own: a service takes seconds to bind the port it was
// given, and another worker must not be given the same port meanwhile.
const SLICES = 8;
const SLICE_SIZE = Math.floor((LAST - FIRST) / SLICES);
const sliceStart = FIRST + ((Number(process.env.JEST_WORKER_ID ?? 1) - 1) % SLICES) * SLICE_SIZE;
const handedOut = new Set<number>();

const canBind = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port no process listens on now, not handed out before by this process nor by another worker. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = sliceStart + Math.floor(Math.random() * SLICE_SIZE);
    if (handedOut.has(port) || !(await canBind(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port found between ${sliceStart} and ${sliceStart + SLICE_SIZE - 1}`);
}
