import { createServer, type Server, Socket } from 'node:net';

/**
 * A TCP relay in front of a real server, so a test can cut the connection (as if the server went away) and restore
 * it on the same port, without stopping a server other tests share.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static forUrl(url: string): TcpProxy {
    const parsed = new URL(url);
    return new TcpProxy(parsed.hostname, Number(parsed.port));
  }

  /** `url` with its host and port replaced by the proxy's. */
  rewrite(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  async start(): Promise<this> {
    const server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.targetPort, this.targetHost);
      this.track(client);
      this.track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    // Restored on the same port after a cut: one below the ephemeral range, which no outgoing connection takes meanwhile.
    const port = this.port || (await closedPortRun(1));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  }

  /** Stops accepting and drops every open connection. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port. */
  restore(): Promise<this> {
    return this.start();
  }

  close(): Promise<void> {
    return this.cut();
  }
}

/** A port nothing listens on (bound, then released), for "service is down" cases. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * `count` consecutive ports nothing listens on, below Linux's ephemeral range (32768 and up), for processes that
 * listen on a port and the next ones (the distributed topology's gateways) and are restarted after a kill -9. A
 * port from the ephemeral range, as `closedPort` gives, may meanwhile be taken by any outgoing connection's local
 * end, and the restarted process then cannot listen (EADDRINUSE); below the range only another listener can take it.
 */
export async function closedPortRun(count: number): Promise<number> {
  const bindable = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 200; attempt++) {
    const first = 20_000 + Math.floor(Math.random() * (12_000 - count));
    let free = true;
    for (let port = first; port < first + count && free; port++) free = await bindable(port);
    if (free) return first;
  }
  throw new Error(`no ${count} consecutive free ports found between 20000 and 32000`);
}
