import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { SCRAM_MECHANISM, scramExchange, scramVerifier, type ScramVerifier } from "@/lib/db/scram";

/**
 * The embedded database: PGlite served over the PostgreSQL wire protocol on
 * 127.0.0.1, so the app, scripts and tests all use the same `pg` driver and
 * Prisma adapter as with a real server. The process that calls this is the
 * one and only owner of the data directory (two PGlite instances on one
 * directory silently lose data); everything else connects over the socket.
 *
 * PGlite is a single session, so connections take turns: a connection holds
 * the session from its first message until a Sync/Query completes outside a
 * transaction (a whole extended-protocol batch, or a whole transaction).
 * pglite-socket's multiplexer interleaves messages of different connections
 * mid-batch ("bind message supplies 4 parameters…"), hence this small server.
 *
 * It is a server on a TCP port, so it authenticates like one: every
 * connection proves the password (random per start unless given) with
 * SCRAM-SHA-256 before anything reaches PGlite, and no message may be larger
 * than the caps below (tiny until the client has authenticated).
 */
export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export const DEFAULT_DATA_DIR = path.resolve(process.cwd(), ".data/pglite");

/** Longest startup packet or authentication message accepted before the password is proven. */
export const MAX_PREAUTH_MESSAGE_BYTES = 10 * 1024;
/** Longest message of an authenticated client (a large batch insert is a few MB). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const GSS_REQUEST = 80877104;

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

/**
 * PGlite has one user and one database, and a startup packet without a user
 * is fatal to the whole instance — so every client's startup is rewritten to
 * user=postgres, database=postgres (keeping harmless session options).
 */
const KEPT_STARTUP_PARAMS = new Set(["client_encoding", "application_name", "DateStyle", "TimeZone", "extra_float_digits", "options"]);

function normalizeStartup(params: Buffer): Buffer {
  const parts = params.toString("utf8").split("\0");
  const pairs: Array<[string, string]> = [["user", "postgres"], ["database", "postgres"]];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    if (parts[i] && KEPT_STARTUP_PARAMS.has(parts[i])) pairs.push([parts[i], parts[i + 1]]);
  }
  const body = Buffer.from(pairs.map(([k, v]) => `${k}\0${v}\0`).join("") + "\0", "utf8");
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(196608, 4);
  return Buffer.concat([head, body]);
}

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function authentication(code: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const body = Buffer.alloc(4 + data.length);
  body.writeInt32BE(code, 0);
  data.copy(body, 4);
  return message("R", body);
}

function fatal(code: string, text: string): Buffer {
  const fields = [`SFATAL`, `VFATAL`, `C${code}`, `M${text}`].map((f) => Buffer.from(`${f}\0`, "utf8"));
  return message("E", Buffer.concat([...fields, Buffer.from([0])]));
}

/** SASLInitialResponse: mechanism\0, int32 length, data. */
function saslInitial(body: Buffer): { mechanism: string; data: string } | null {
  const end = body.indexOf(0);
  if (end < 0 || body.length < end + 5) return null;
  const length = body.readInt32BE(end + 1);
  if (length < 0 || end + 5 + length > body.length) return null;
  return { mechanism: body.subarray(0, end).toString("utf8"), data: body.subarray(end + 5, end + 5 + length).toString("utf8") };
}

function serve(db: PGlite, socket: net.Socket, session: Mutex, verifier: ScramVerifier) {
  let buffer = Buffer.alloc(0);
  let started = false;
  /** The normalized startup packet, held until the password is proven. */
  let pendingStartup: Buffer | null = null;
  let scram: ReturnType<typeof scramExchange> | null = null;
  let serverFirstSent = false;
  const refuse = (code: string, text: string) => {
    write(fatal(code, text));
    closed = true;
    socket.end();
  };
  let release: (() => void) | null = null;
  let chain = Promise.resolve();
  let closed = false;

  const write = (data: Uint8Array) => {
    if (!closed && socket.writable) socket.write(data);
  };
  const run = (message: Uint8Array) => db.runExclusive(() => db.execProtocolRawStream(message, { onRawData: write }));

  async function drain() {
    for (;;) {
      if (closed) return;
      if (!started && !pendingStartup) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        const code = buffer.readInt32BE(4);
        if (length < 8 || length > MAX_PREAUTH_MESSAGE_BYTES) return refuse("08P01", "invalid startup packet length");
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          buffer = buffer.subarray(8);
          write(Buffer.from("N"));
          continue;
        }
        if (code === CANCEL_REQUEST) {
          socket.end();
          return;
        }
        if (buffer.length < length) return;
        pendingStartup = normalizeStartup(buffer.subarray(8, length));
        buffer = buffer.subarray(length);
        scram = scramExchange(verifier);
        write(authentication(10, Buffer.from(`${SCRAM_MECHANISM}\0\0`, "utf8"))); // AuthenticationSASL
        continue;
      }
      if (buffer.length < 5) return;
      const declared = buffer.readInt32BE(1);
      if (declared < 4 || declared > (started ? MAX_MESSAGE_BYTES : MAX_PREAUTH_MESSAGE_BYTES)) {
        return refuse("08P01", `invalid message length ${declared}`);
      }
      if (!started) {
        if (buffer.length < 1 + declared) return;
        const type = String.fromCharCode(buffer[0]);
        const body = buffer.subarray(5, 1 + declared);
        buffer = buffer.subarray(1 + declared);
        if (type !== "p") return refuse("28000", "password authentication required");
        if (scram && pendingStartup && !serverFirstSent) {
          const initial = saslInitial(body);
          const reply = initial?.mechanism === SCRAM_MECHANISM ? scram.serverFirst(initial.data) : null;
          if (!reply) return refuse("28P01", 'password authentication failed for user "postgres"');
          serverFirstSent = true;
          write(authentication(11, Buffer.from(reply, "utf8"))); // AuthenticationSASLContinue
          continue;
        }
        const final = scram?.serverFinal(body.toString("utf8"));
        if (!final || !pendingStartup) return refuse("28P01", 'password authentication failed for user "postgres"');
        write(authentication(12, Buffer.from(final, "utf8"))); // AuthenticationSASLFinal
        const startup = pendingStartup;
        pendingStartup = null;
        scram = null;
        const unlock = await session.lock();
        try {
          await run(startup); // PGlite answers AuthenticationOk, parameters, ReadyForQuery
        } finally {
          unlock();
        }
        started = true;
        continue;
      }
      const length = 1 + buffer.readInt32BE(1);
      if (buffer.length < length) return;
      const message = buffer.subarray(0, length);
      buffer = buffer.subarray(length);
      const type = String.fromCharCode(message[0]);
      if (type === "X") {
        await finish();
        socket.end();
        return;
      }
      release ??= await session.lock();
      await run(message);
      if ((type === "S" || type === "Q") && !db.isInTransaction()) {
        release();
        release = null;
      }
    }
  }

  async function finish() {
    if (closed) return;
    closed = true;
    if (release) {
      if (db.isInTransaction()) await db.exec("ROLLBACK").catch(() => {});
      release();
      release = null;
    }
  }

  socket.setNoDelay(true);
  socket.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    chain = chain.then(drain).catch((error) => {
      console.error("embedded database: connection error", error);
      socket.destroy();
    });
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    chain = chain.then(finish);
  });
}

export async function startEmbeddedDatabase(opts: { dataDir?: string | null; port?: number; password?: string } = {}): Promise<EmbeddedDatabase> {
  const dataDir = opts.dataDir === undefined ? DEFAULT_DATA_DIR : opts.dataDir;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700); // the database files are the shop's alone
  }
  const password = opts.password || process.env.EMBEDDED_DB_PASSWORD || randomBytes(24).toString("base64url");
  const verifier = scramVerifier(password);
  const db = await PGlite.create({ dataDir: dataDir ?? undefined, extensions: { pg_trgm } });
  const session = new Mutex();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    serve(db, socket, session, verifier);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  let stopped = false;
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres?sslmode=disable`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Let closing connections roll back before the database closes.
      await session.lock().then((unlock) => unlock());
      await db.close();
    },
  };
}
