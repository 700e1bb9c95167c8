/**
 * A route that stops reading a body part-way (server/unread-body.mjs): Next.js hands the route an
 * async iterator over the request, and leaving it destroys the request. Here a plain Node server
 * does the same — `for await … break` after the first chunk, then a 413 — and the client sends
 * 2 MB. What a client can tell: the server read the whole body before it closed the connection
 * (a socket closed with unread data is reset, which can lose the answer on its way: a CI run's
 * EPIPE instead of the 413), and the client got the 413.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { settleUnreadBody } from "@/server/unread-body.mjs";

const BODY = 2 * 1024 * 1024;

type Seen = { bytesRead: number; status: number; clientError: string | null };

/** One upload to a route that stops reading: what the server read before its socket closed, and what the client saw once its own closed. */
async function exchange(settle: boolean): Promise<Seen> {
  let serverClosed!: (bytesRead: number) => void;
  const bytesRead = new Promise<number>((resolve) => (serverClosed = resolve));
  const route = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (settle) settleUnreadBody(req, res);
    const socket = req.socket;
    socket.once("close", () => serverClosed(socket.bytesRead));
    // The route: reads the first chunk, then stops (a size limit hit), as Next's route body reader does.
    for await (const chunk of req) {
      void chunk;
      break;
    }
    res.writeHead(413, { "content-type": "text/plain" }).end("Too large");
  };
  const server = http.createServer((req, res) => void route(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let status = 0;
  let clientError: string | null = null;
  const clientClosed = new Promise<void>((resolve) => {
    const req = http.request(
      { port, host: "127.0.0.1", method: "POST", path: "/upload", headers: { "content-type": "application/octet-stream", "content-length": BODY, connection: "close" } },
      (res) => {
        status = res.statusCode ?? 0;
        res.resume();
      },
    );
    req.on("error", (error) => (clientError = (error as NodeJS.ErrnoException).code ?? error.message));
    req.on("close", resolve);
    // Sent in 64 KB pieces, each after the last has been taken: a client uploading a file.
    let sent = 0;
    const next = () => {
      if (sent >= BODY) return req.end();
      const piece = Buffer.alloc(Math.min(64 * 1024, BODY - sent), 0x42);
      sent += piece.length;
      if (req.write(piece)) setImmediate(next);
      else req.once("drain", next);
    };
    req.on("error", () => req.off("drain", next));
    next();
  });
  const [read] = await Promise.all([bytesRead, clientClosed]);
  server.close();
  return { bytesRead: read, status, clientError };
}

describe("a body a route stopped reading part-way", () => {
  it("is read to its end before the connection closes, and the client gets the 413", async () => {
    const seen = await exchange(true);
    expect(seen.status).toBe(413);
    expect(seen.clientError).toBeNull();
    expect(seen.bytesRead).toBeGreaterThanOrEqual(BODY);
  });

  it("(without settling it, Node stops reading it: the connection closes with the body unread)", async () => {
    const seen = await exchange(false);
    expect(seen.bytesRead).toBeLessThan(BODY);
  });
});
