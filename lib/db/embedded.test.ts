/**
 * The embedded database's wire server authenticates like PostgreSQL
 * (SCRAM-SHA-256 with a per-start password), refuses oversized messages
 * without disturbing other connections, and keeps its files private.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db/embedded";

let db: EmbeddedDatabase;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "mm-embedded-"));
  db = await startEmbeddedDatabase({ dataDir: path.join(dir, "data", "pglite") });
});
afterAll(async () => {
  await db?.stop();
  rmSync(dir, { recursive: true, force: true });
});

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

/** A raw socket: sends `bytes`, collects what comes back until the server closes. */
function raw(bytes: Buffer[]): Promise<Buffer> {
  const { port } = new URL(db.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("close", () => resolve(Buffer.concat(chunks)));
    socket.on("error", () => {});
    socket.on("connect", () => {
      for (const b of bytes) socket.write(b);
    });
    setTimeout(() => socket.destroy(), 5000).unref();
  });
}

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
    const hugeStartup = Buffer.alloc(8);
    hugeStartup.writeInt32BE(300 * 1024 * 1024, 0);
    hugeStartup.writeInt32BE(196608, 4);
    expect(errorCode(await raw([hugeStartup]))).toBe("08P01");
    expect(errorCode(await raw([startup(), typed("p", Buffer.alloc(0), 100 * 1024 * 1024)]))).toBe("08P01");
    // after authenticating, the cap is larger but still there
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const closed = new Promise<void>((resolve) => client.on("error", () => resolve()).on("end", () => resolve()));
    (client as unknown as { connection: { stream: net.Socket } }).connection.stream.write(typed("Q", Buffer.from("SELECT 1\0"), 1024 * 1024 * 1024));
    await closed;
    expect(await query(db.url)).toEqual([{ answer: 42 }]);
  });

  it("creates its folders private to the shop's account (0700)", () => {
    expect(statSync(path.join(dir, "data", "pglite")).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, "data")).mode & 0o777).toBe(0o700);
  });
});
