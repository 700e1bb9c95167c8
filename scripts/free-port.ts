import net from "node:net";

/** A TCP port on 127.0.0.1 that nothing listens on right now (for the measurement scripts' own servers). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
