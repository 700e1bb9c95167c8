import net from "node:net";
import path from "node:path";
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";

/**
 * pg_dump for the embedded database, run against its wire-protocol server.
 *
 * PGlite is PostgreSQL 17; the machine's pg_dump may be older and refuses a
 * newer server. So this runs PGlite's own pg_dump (WASM, from
 * @electric-sql/pglite-tools) in a worker thread and relays its protocol
 * bytes over TCP to the server, like any client. The process that owns the
 * data directory executes every query; nobody else opens the directory.
 * pg_dump works in one REPEATABLE READ transaction, and the embedded server
 * gives a connection in a transaction the whole session, so the dump is one
 * consistent snapshot while the shop's other connections wait their turn.
 */
const WORKER_FILE = path.resolve(process.cwd(), "lib/backup/pg-dump-worker.mjs");

/** Arguments for a plain SQL dump that any PostgreSQL 15+ can load as one script. */
export const DUMP_ARGS = ["--no-owner", "--no-privileges", "--no-comments", "--rows-per-insert=500"];

type Pending = { expectReady: number; expectByte: boolean; expectAuth: boolean; closeOnly: boolean };

/** What the bytes a client sent ask the server for: how many ReadyForQuery, a one-byte SSL answer, or nothing. */
function expectedReply(bytes: Buffer, started: boolean): Pending {
  const pending: Pending = { expectReady: 0, expectByte: false, expectAuth: false, closeOnly: false };
  let offset = 0;
  if (!started) {
    const code = bytes.readInt32BE(4);
    if (code === 80877103 || code === 80877104) return { ...pending, expectByte: true };
    pending.expectReady = 1;
    pending.expectAuth = true;
    offset = bytes.readInt32BE(0);
  }
  while (offset + 5 <= bytes.length) {
    const type = String.fromCharCode(bytes[offset]);
    if (type === "S" || type === "Q") pending.expectReady++;
    if (type === "p") {
      pending.expectReady++;
      pending.expectAuth = true;
    }
    if (type === "X") pending.closeOnly = true;
    offset += 1 + bytes.readInt32BE(offset + 1);
  }
  return pending;
}

/** Collects server messages until the reply to one request is complete. */
class ReplyReader {
  private chunks: Buffer[] = [];
  private buffer = Buffer.alloc(0);
  private readySeen = 0;
  constructor(private readonly pending: Pending) {}

  /** Feeds bytes; true once the reply is complete. */
  push(data: Buffer): boolean {
    this.chunks.push(data);
    if (this.pending.expectByte) return true;
    this.buffer = Buffer.concat([this.buffer, data]);
    while (this.buffer.length >= 5) {
      const length = 1 + this.buffer.readInt32BE(1);
      if (this.buffer.length < length) break;
      const type = String.fromCharCode(this.buffer[0]);
      const authCode = type === "R" ? this.buffer.readInt32BE(5) : -1;
      this.buffer = this.buffer.subarray(length);
      if (type === "Z") this.readySeen++;
      // An authentication request the client must answer (password, SASL step) ends this reply.
      if (this.pending.expectAuth && type === "R" && authCode !== 0 && authCode !== 12) return this.buffer.length === 0;
    }
    return this.readySeen >= this.pending.expectReady && this.buffer.length === 0;
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** The reply included a ReadyForQuery: the connection is authenticated and idle. */
  get sawReady(): boolean {
    return this.readySeen > 0;
  }
}

function queryMessage(sql: string): Buffer {
  const text = Buffer.from(`${sql}\0`, "utf8");
  const head = Buffer.alloc(5);
  head.write("Q", 0);
  head.writeInt32BE(4 + text.length, 1);
  return Buffer.concat([head, text]);
}

/** Names of the statements pg_dump PREPAREs (they outlive its transaction, so they are deallocated at the end). */
function preparedNames(bytes: Buffer): string[] {
  if (bytes[0] !== 0x51) return [];
  return [...bytes.toString("utf8", 5).matchAll(/^\s*PREPARE\s+(\w+)/gim)].map((m) => m[1]);
}

/**
 * Relays the worker's requests to the server, one complete reply at a time.
 * The embedded server has ONE PostgreSQL session shared by all connections,
 * so pg_dump's session settings (search_path = '', timeouts…) and prepared
 * statements would leak to the shop. The relay therefore wraps pg_dump's
 * whole conversation in one REPEATABLE READ READ ONLY transaction (which
 * holds the session until it ends: one snapshot, and nobody sees the
 * settings), then deallocates pg_dump's statements and rolls back, which
 * undoes its settings. On PostgreSQL the same wrapping is harmless.
 */
function relay(port: MessagePort, flag: Int32Array, socket: net.Socket): void {
  let started = false;
  let ready = false;
  let wrapped = false;
  const prepared = new Set<string>();
  let reader: { reader: ReplyReader; done: (bytes: Buffer) => void } | null = null;
  let queue = Promise.resolve();

  const exchange = (bytes: Buffer, pending: Pending) =>
    new Promise<Buffer>((resolve) => {
      reader = { reader: new ReplyReader(pending), done: resolve };
      socket.write(bytes);
    });
  const finish = (bytes: Buffer) => {
    const current = reader;
    reader = null;
    if (current?.reader.sawReady) ready = true;
    current?.done(bytes);
  };
  const answer = (bytes: Uint8Array) => {
    port.postMessage(bytes);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  };
  socket.on("data", (data) => {
    if (reader?.reader.push(data)) finish(reader.reader.bytes());
  });
  socket.on("close", () => {
    if (reader) finish(reader.reader.bytes());
  });
  const query = (sql: string) => exchange(queryMessage(sql), { expectReady: 1, expectByte: false, expectAuth: false, closeOnly: false });

  port.on("message", (message: Uint8Array) => {
    queue = queue.then(async () => {
      const bytes = Buffer.from(message);
      const pending = expectedReply(bytes, started);
      if (!pending.expectByte) started = true;
      if (pending.closeOnly && pending.expectReady === 0) {
        if (wrapped) {
          const cleanup = [...prepared].map((name) => `DEALLOCATE ${name};`).join(" ");
          await query(`${cleanup} ROLLBACK`);
        }
        socket.end(bytes);
        answer(new Uint8Array());
        return;
      }
      if (ready && !wrapped && bytes[0] === 0x51) {
        await query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
        wrapped = true;
      }
      for (const name of preparedNames(bytes)) prepared.add(name);
      answer(await exchange(bytes, pending));
    });
  });
}

/** Runs PGlite's pg_dump against the server at `url` and returns the SQL. */
export async function dumpOverWire(url: string, args: string[] = DUMP_ARGS): Promise<string> {
  const target = new URL(url);
  const socket = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.setNoDelay(true);
  const { port1, port2 } = new MessageChannel();
  const flagBuffer = new SharedArrayBuffer(4);
  const flag = new Int32Array(flagBuffer);
  relay(port1, flag, socket);
  // libpq inside the worker never opens a socket: the URL only carries the user, password and database.
  const conninfo = new URL(url);
  conninfo.hostname = "localhost";
  conninfo.search = "";
  const worker = new Worker(WORKER_FILE, {
    workerData: { port: port2, flag: flagBuffer, args: [...args, `--dbname=${conninfo.toString()}`] },
    transferList: [port2],
  });
  try {
    const result = await new Promise<{ ok: boolean; sql?: string; message?: string }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`pg_dump worker stopped (exit code ${code})`)));
    });
    if (!result.ok) throw new Error(result.message);
    return result.sql!;
  } finally {
    port1.close();
    socket.destroy();
    await worker.terminate();
  }
}
