import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy that a test can cut and restore, to play a PostgreSQL or Redis outage for
 * the processes connected through it without touching the real server.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts listening; on a later call, listens again on the same port. */
  async start(): Promise<number> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.port;
  }

  /** Drops every open connection and refuses new ones until restore(). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  restore(): Promise<number> {
    return this.start();
  }

  /** The target URL rewritten to go through this proxy. */
  url(targetUrl: string): string {
    const url = new URL(targetUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  static async for(targetUrl: string): Promise<TcpProxy> {
    const url = new URL(targetUrl);
    const proxy = new TcpProxy(url.hostname, Number(url.port));
    await proxy.start();
    return proxy;
  }
}
