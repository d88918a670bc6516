import { createServer } from 'node:net';

// Below Linux's ephemeral range (32768–60999): the client side of every Redis and PostgreSQL
// connection takes a port from that range, and could take the one handed out here before the
// service under test binds it (EADDRINUSE).
const FIRST = 20_000;
const LAST = 32_000;
const handedOut = new Set<number>();

const canBind = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port no process listens on now, not handed out before by this process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST));
    if (handedOut.has(port) || !(await canBind(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port found between ${FIRST} and ${LAST}`);
}
