// A small TCP proxy for fault tests (node:net): put it between a client and PostgreSQL or the
// SMSC, then add latency to every chunk in either direction, or drop every connection on command
// (as a failing network or a restarting load balancer would).
import net from "node:net";

export interface TcpProxy {
  /** Where clients connect (127.0.0.1). */
  port: number;
  /** Open client connections. */
  connections(): number;
  /** Connections accepted so far. */
  accepted(): number;
  /** Delay each chunk by this many ms, each way (order is kept). */
  setLatency(ms: number): void;
  /** Resets every open connection, both sides. */
  dropAll(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host?: string; port: number }, options: { latencyMs?: number } = {}): Promise<TcpProxy> {
  let latency = options.latencyMs ?? 0;
  let accepted = 0;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();

  // Forwards chunks after `latency` ms, in order, pausing the source while the sink is full.
  const pipe = (from: net.Socket, to: net.Socket) => {
    let chain = Promise.resolve();
    from.on("data", (chunk) => {
      const delay = latency;
      chain = chain.then(async () => {
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        if (!to.destroyed && !to.write(chunk)) {
          from.pause();
          to.once("drain", () => from.resume());
        }
      });
    });
    from.on("end", () => void chain.then(() => to.end()));
  };

  const server = net.createServer((client) => {
    accepted++;
    const upstream = net.connect(target.port, target.host ?? "127.0.0.1");
    const pair = { client, upstream };
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      if (!client.destroyed) client.destroy();
      if (!upstream.destroyed) upstream.destroy();
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const { client, upstream } of [...pairs]) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    pairs.clear();
  };
  return {
    port,
    connections: () => pairs.size,
    accepted: () => accepted,
    setLatency: (ms) => (latency = ms),
    dropAll,
    close: async () => {
      dropAll();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
