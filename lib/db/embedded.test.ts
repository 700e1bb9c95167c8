/**
 * The embedded database's wire server authenticates like PostgreSQL
 * (SCRAM-SHA-256 with a per-start password, within a time limit), refuses
 * oversized messages and connections past its limit without disturbing other
 * connections, stops reading a connection it refused, and keeps its files
 * private.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db/embedded";

let db: EmbeddedDatabase;
let dir: string;
let starting: Promise<EmbeddedDatabase> | undefined;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "mm-embedded-"));
  starting = startEmbeddedDatabase({ dataDir: path.join(dir, "data", "pglite") });
  db = await starting;
}, 180_000);
afterAll(async () => {
  // A start that outlived its hook's time limit still ends with a listening server: stop that one too,
  // or it keeps the test process alive.
  await (db ?? (await starting?.catch(() => undefined)))?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 180_000);

const withPassword = (password: string) => {
  const url = new URL(db.url);
  url.password = password;
  return url.toString();
};

async function query(url: string, sql = "SELECT 41 + 1 AS answer") {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A raw socket: sends `bytes`, collects what comes back until the server closes (or `waitMs` passes: then `closedByServer` is false). */
function rawExchange(bytes: Buffer[], url = db.url, waitMs = 5000): Promise<{ reply: Buffer; closedByServer: boolean }> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    let gaveUp = false;
    socket.on("data", (c) => chunks.push(c));
    socket.on("close", () => resolve({ reply: Buffer.concat(chunks), closedByServer: !gaveUp }));
    socket.on("error", () => {});
    socket.on("connect", () => {
      for (const b of bytes) socket.write(b);
    });
    setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, waitMs).unref();
  });
}

const raw = async (bytes: Buffer[]) => (await rawExchange(bytes)).reply;

function startup(): Buffer {
  const body = Buffer.from("user\0postgres\0database\0postgres\0\0", "utf8");
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(196608, 4);
  return Buffer.concat([head, body]);
}

function typed(type: string, body: Buffer, declared = body.length + 4): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(declared, 1);
  return Buffer.concat([head, body]);
}

const errorCode = (reply: Buffer) => /C([0-9A-Z]{5})\0/.exec(reply.toString("latin1"))?.[1];

/** A startup packet declaring 300 MB: refused (08P01) as soon as its first 8 bytes arrive. */
function hugeStartup(): Buffer {
  const packet = Buffer.alloc(8);
  packet.writeInt32BE(300 * 1024 * 1024, 0);
  packet.writeInt32BE(196608, 4);
  return packet;
}

/**
 * Sends a packet the server refuses, then keeps writing `megabytes` 1 MB
 * chunks (waiting whenever the socket is full) for as long as the server
 * lets it. Leaves the socket open: the caller destroys it. (The refusal's
 * ErrorResponse itself may be lost: the server closes with this client's
 * bytes unread, so the client's system resets the connection.)
 */
async function keepWritingAfterRefusal(url: string, megabytes: number) {
  // Half-open allowed: the server's end of the conversation does not stop this client writing.
  const socket = net.connect({ port: Number(new URL(url).port), host: "127.0.0.1", allowHalfOpen: true });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let gone = false;
  socket.on("data", () => {});
  socket.on("error", () => (gone = true));
  socket.on("close", () => (gone = true));
  socket.write(hugeStartup());
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  let sentMegabytes = 0;
  while (sentMegabytes < megabytes && !gone) {
    const flowing = socket.write(chunk);
    sentMegabytes++;
    if (!flowing) await new Promise((resolve) => socket.once("drain", resolve).once("close", resolve));
  }
  return { socket, sentMegabytes, closedByServer: gone };
}

const TSX = path.join(process.cwd(), "node_modules/tsx/dist/esm/index.mjs");

/** An embedded database server in a process of its own, as `npm start`'s launcher runs it (tests/helpers/embedded-db-process.ts). */
async function serverProcess() {
  const child = spawn(process.execPath, ["--expose-gc", "--import", TSX, "tests/helpers/embedded-db-process.ts"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`the server process exited (${code})`))));
  const nextMessage = () => Promise.race([new Promise<Record<string, number | string>>((resolve) => child.once("message", (m) => resolve(m as Record<string, number | string>))), exited]);
  try {
    const { url } = await nextMessage();
    return {
      url: url as string,
      /** Starts sampling the process's RSS. */
      watchMemory: async () => {
        child.send("watch");
        await nextMessage();
      },
      /** Stops sampling: the largest rise of its RSS above its lowest point so far, and its RSS at the start and end. */
      memoryRise: async () => {
        child.send("rise");
        return (await nextMessage()) as { rise: number; start: number; end: number };
      },
      stop: () => {
        if (child.exitCode === null) child.kill();
      },
    };
  } catch (error) {
    child.kill();
    throw error;
  }
}

const MB = 1024 * 1024;

describe("embedded database server", () => {
  it("accepts the per-start password and nothing else", async () => {
    expect(new URL(db.url).password.length).toBeGreaterThanOrEqual(24);
    expect(await query(db.url)).toEqual([{ answer: 42 }]);
    await expect(query(withPassword("postgres"))).rejects.toMatchObject({ code: "28P01" });
    await expect(query(withPassword(`${new URL(db.url).password}x`))).rejects.toMatchObject({ code: "28P01" });
  });

  it("never lets a client skip authentication: a query straight after startup is refused", async () => {
    const reply = await raw([startup(), typed("Q", Buffer.from("SELECT 1\0"))]);
    expect(reply[0]).toBe("R".charCodeAt(0)); // AuthenticationSASL offered
    expect(errorCode(reply)).toBe("28000");
    expect(reply.toString("latin1")).not.toContain("ReadyForQuery");
  });

  it("closes a connection that declares an oversized message, and keeps serving the others", async () => {
    expect(errorCode(await raw([hugeStartup()]))).toBe("08P01");
    expect(errorCode(await raw([startup(), typed("p", Buffer.alloc(0), 100 * 1024 * 1024)]))).toBe("08P01");
    // after authenticating, the cap is larger but still there
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const closed = new Promise<void>((resolve) => client.on("error", () => resolve()).on("end", () => resolve()));
    (client as unknown as { connection: { stream: net.Socket } }).connection.stream.write(typed("Q", Buffer.from("SELECT 1\0"), 1024 * 1024 * 1024));
    await closed;
    expect(await query(db.url)).toEqual([{ answer: 42 }]);
  });

  it("stops reading a connection it refused: a client that keeps sending 1 MB chunks does not grow the server process's memory", async () => {
    const server = await serverProcess();
    try {
      expect(await query(server.url)).toEqual([{ answer: 42 }]);
      (await keepWritingAfterRefusal(server.url, 2)).socket.destroy(); // the same paths once, before measuring
      await server.watchMemory();
      const attack = await keepWritingAfterRefusal(server.url, 32);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // whatever is in flight arrives; the connection is still open, if the server let it be
      const memory = await server.memoryRise();
      attack.socket.destroy();
      console.log(
        `refused client: sent ${attack.sentMegabytes} MB, closed by server ${attack.closedByServer}, server RSS ${(memory.start / MB).toFixed(1)} -> ${(memory.end / MB).toFixed(1)} MB, largest rise ${(memory.rise / MB).toFixed(1)} MB`,
      );
      expect(memory.rise).toBeLessThan(8 * MB);
      expect(attack.closedByServer).toBe(true);
      expect(await query(server.url)).toEqual([{ answer: 42 }]);
    } finally {
      server.stop();
    }
  }, 120_000);

  it("gives a connection a limited time to authenticate, and none after it has", async () => {
    const timed = await startEmbeddedDatabase({ dataDir: null, authTimeoutMs: 1000 });
    try {
      // Started, offered SCRAM, then silent: the server hangs up with an error long before the client would.
      const silent = await rawExchange([startup()], timed.url, 15_000);
      expect(silent.closedByServer).toBe(true);
      expect(errorCode(silent.reply)).toBe("57014");
      // Connected without a word at all: the same.
      const mute = await rawExchange([], timed.url, 15_000);
      expect(mute.closedByServer).toBe(true);
      expect(errorCode(mute.reply)).toBe("57014");
      // An authenticated client is not timed out.
      const client = new pg.Client({ connectionString: timed.url });
      await client.connect();
      try {
        await new Promise((resolve) => setTimeout(resolve, 2500));
        expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      } finally {
        await client.end();
      }
    } finally {
      await timed.stop();
    }
  }, 60_000);

  it("serves at most maxConnections at once: the next is told 'too many clients' (53300) and closed, and a freed slot is served again", async () => {
    const capped = await startEmbeddedDatabase({ dataDir: null, maxConnections: 3 });
    const clients: pg.Client[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const client = new pg.Client({ connectionString: capped.url });
        await client.connect();
        clients.push(client);
      }
      await expect(query(capped.url)).rejects.toMatchObject({ code: "53300", message: "sorry, too many clients already" });
      const excess = await rawExchange([startup()], capped.url, 15_000);
      expect(excess.closedByServer).toBe(true);
      expect(excess.reply[0]).toBe("E".charCodeAt(0));
      expect(errorCode(excess.reply)).toBe("53300");
      // The connections that were admitted keep working; one leaving makes room for the next.
      for (const client of clients) expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      await clients.pop()!.end();
      expect(await query(capped.url)).toEqual([{ answer: 42 }]);
    } finally {
      for (const client of clients) await client.end().catch(() => {});
      await capped.stop();
    }
  });

  it("a client refused in the middle of a transaction does not keep the session from the others", async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const closed = new Promise<void>((resolve) => client.on("error", () => resolve()).on("end", () => resolve()));
    await client.query("BEGIN");
    await client.query("SELECT 1");
    (client as unknown as { connection: { stream: net.Socket } }).connection.stream.write(typed("Q", Buffer.from("SELECT 1\0"), 1024 * 1024 * 1024));
    await closed;
    const answer = query(db.url);
    const stuck = new Promise((resolve) => setTimeout(() => resolve("still waiting after 10 s"), 10_000).unref());
    expect(await Promise.race([answer, stuck])).toEqual([{ answer: 42 }]);
  }, 30_000);

  it("creates its folders private to the shop's account (0700)", () => {
    expect(statSync(path.join(dir, "data", "pglite")).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, "data")).mode & 0o777).toBe(0o700);
  });
});
