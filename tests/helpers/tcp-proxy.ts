import net from "node:net";

/**
 * A TCP proxy a test can stop and start, to make a service (Redis) look down
 * and back up to the servers behind it without touching the service itself.
 */
export type TcpProxy = { port: number; stop: () => Promise<void>; start: () => Promise<void>; close: () => Promise<void> };

export async function startTcpProxy(listenPort: number, target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream).pipe(client);
      });
      server.once("error", reject);
      server.listen(listenPort, "127.0.0.1", () => resolve());
    });

  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };

  await start();
  return { port: listenPort, start, stop, close: stop };
}
