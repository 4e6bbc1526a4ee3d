// A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL) that a test controls, to make
// storage faults happen on demand (CONTRACT §7):
// - forward: bytes flow both ways (the start state);
// - cut(): every open connection is destroyed at once (a reset); new ones are still accepted;
// - blackhole(): connections stay open and new ones are accepted, but nothing flows either way,
//   on existing connections too — the database "does not answer at all" (no reset, no FIN);
// - restore(): bytes flow again; what was held during the blackhole is delivered then, as after
//   a network partition that heals (peers that gave up in between have closed their side);
// - stop(): destroys every connection and stops listening (the database is gone: refused).
import net from 'node:net';

export type ProxyMode = 'forward' | 'blackhole';

export interface TcpProxy {
  readonly port: number;
  readonly mode: ProxyMode;
  /** Connections accepted so far and connections open now. */
  stats(): { accepted: number; open: number; cuts: number };
  /** A URL like `url` whose host and port are this proxy's. */
  urlFor(url: string): string;
  cut(): number;
  blackhole(): void;
  restore(): void;
  stop(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | undefined;
  connect(): void;
}

export async function startTcpProxy(target: { host: string; port: number }, options: { port?: number } = {}): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let mode: ProxyMode = 'forward';
  let accepted = 0;
  let cuts = 0;

  // Forwards src → dst while the mode is forward, with backpressure. In a blackhole both sockets
  // are paused, so bytes wait in the kernel buffers (and TCP flow control stops the sender).
  function relay(src: net.Socket, dst: net.Socket): void {
    src.on('data', (chunk: Buffer) => {
      if (!dst.write(chunk)) {
        src.pause();
        dst.once('drain', () => {
          if (mode === 'forward') src.resume();
        });
      }
    });
  }

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    accepted += 1;
    client.setNoDelay(true);
    const pair: Pair = {
      client,
      upstream: undefined,
      // The upstream connection is opened only when the proxy forwards: during a blackhole the
      // database sees nothing, not even a connection attempt.
      connect() {
        if (pair.upstream || client.destroyed) return;
        const upstream = net.connect({ host: target.host, port: target.port, noDelay: true });
        pair.upstream = upstream;
        relay(client, upstream);
        relay(upstream, client);
        upstream.on('error', end).on('close', end);
        client.resume();
      },
    };
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on('error', end).on('close', end);
    pairs.add(pair);
    if (mode === 'forward') pair.connect();
  });
  server.maxConnections = 10_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    get mode() {
      return mode;
    },
    stats: () => ({ accepted, open: pairs.size, cuts }),
    urlFor(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      cuts += 1;
      const n = pairs.size;
      // resetAndDestroy sends an RST (ECONNRESET on the peer), as a database that crashed or a
      // middlebox that dropped the connection would.
      for (const p of [...pairs]) {
        p.client.resetAndDestroy();
        p.upstream?.resetAndDestroy();
        pairs.delete(p);
      }
      return n;
    },
    blackhole() {
      mode = 'blackhole';
      for (const p of pairs) {
        p.client.pause();
        p.upstream?.pause();
      }
    },
    restore() {
      mode = 'forward';
      for (const p of pairs) {
        if (!p.upstream) {
          p.connect();
          continue;
        }
        p.client.resume();
        p.upstream.resume();
      }
    },
    stop() {
      return new Promise<void>((done) => {
        for (const p of [...pairs]) {
          p.client.destroy();
          p.upstream?.destroy();
        }
        pairs.clear();
        server.close(() => done());
      });
    },
  };
}
