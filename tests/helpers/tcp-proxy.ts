import net from "node:net";

/**
 * A TCP proxy a test can stop and start, to make a service (Redis) look down
 * and back up to the servers behind it without touching the service itself;
 * or hang (connections stay open, nothing gets through either way, as over a
 * link that drops packets) and resume (what was held is delivered in order).
 */
export type TcpProxy = { port: number; stop: () => Promise<void>; start: () => Promise<void>; close: () => Promise<void>; hang: () => void; resume: () => void };

export async function startTcpProxy(listenPort: number, target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let hung = false;
  const held: Array<() => void> = [];
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on("data", (chunk: Buffer) => {
      const send = () => void (to.destroyed || to.write(chunk));
      if (hung) held.push(send);
      else send();
    });

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
        forward(client, upstream);
        forward(upstream, client);
      });
      server.once("error", reject);
      server.listen(listenPort, "127.0.0.1", () => resolve());
    });

  const stop = async () => {
    held.length = 0;
    hung = false;
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };

  const hang = () => void (hung = true);
  const resume = () => {
    hung = false;
    for (const send of held.splice(0)) send();
  };

  await start();
  return { port: listenPort, start, stop, close: stop, hang, resume };
}
