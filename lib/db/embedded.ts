import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { SCRAM_MECHANISM, scramExchange, scramVerifier, type ScramVerifier } from "@/lib/db/scram";
import { log } from "@/lib/log";
import { liveEnv } from "@/lib/env";

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
 * SCRAM-SHA-256 within AUTH_TIMEOUT_MS before anything reaches PGlite, no
 * message may be larger than the caps below (tiny until the client has
 * authenticated), and at most `maxConnections` connections are served at once
 * (the next is told "too many clients", SQLSTATE 53300, as PostgreSQL does).
 * A connection it refuses is closed at once, and nothing it sends afterwards
 * is read.
 */
export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export const DEFAULT_DATA_DIR = path.resolve(process.cwd(), ".data/pglite");

/** Longest startup packet or authentication message accepted before the password is proven. */
export const MAX_PREAUTH_MESSAGE_BYTES = 10 * 1024;
/** Longest message of an authenticated client (a large batch insert is a few MB). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/**
 * Connections served at once by default: PostgreSQL's default max_connections.
 * The shop uses a handful (a pool of DATABASE_POOL_MAX, 4 by default, per
 * server process, plus the launcher's and a backup's own); PGlite is one
 * session, so more connections only queue.
 */
export const DEFAULT_MAX_CONNECTIONS = 100;
/** How long a connection may take to prove the password (PostgreSQL's authentication_timeout is 60 s; the shop's clients take milliseconds). */
export const AUTH_TIMEOUT_MS = 10_000;
/** How long a refused connection's last words may wait for a client that does not read. */
const REFUSAL_LINGER_MS = 1_000;

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
 * Received bytes not yet handled, kept as the chunks that arrived with a
 * running length: appending never copies, and a message is copied out once
 * (not at all when it lies within one chunk).
 */
class ByteQueue {
  private chunks: Buffer[] = [];
  /** Index of the first unread chunk (chunks before it are spent; dropped in batches, not shifted one by one). */
  private head = 0;
  length = 0;

  push(chunk: Buffer) {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first `n` bytes (n <= length), left in the queue. */
  peek(n: number): Buffer {
    const first = this.chunks[this.head];
    return first.length >= n ? first.subarray(0, n) : this.copy(n);
  }

  /** Removes and returns the first `n` bytes (n <= length). */
  take(n: number): Buffer {
    const first = this.chunks[this.head];
    const out = first.length >= n ? first.subarray(0, n) : this.copy(n);
    this.skip(n);
    return out;
  }

  clear() {
    this.chunks = [];
    this.head = 0;
    this.length = 0;
  }

  private copy(n: number): Buffer {
    const out = Buffer.allocUnsafe(n);
    let at = 0;
    for (let i = this.head; at < n; i++) at += this.chunks[i].copy(out, at, 0, Math.min(this.chunks[i].length, n - at));
    return out;
  }

  private skip(n: number) {
    this.length -= n;
    while (n > 0) {
      const first = this.chunks[this.head];
      if (first.length <= n) {
        n -= first.length;
        this.head++;
      } else {
        this.chunks[this.head] = first.subarray(n);
        n = 0;
      }
    }
    if (this.head === this.chunks.length) this.clear();
    else if (this.head >= 1024) {
      this.chunks = this.chunks.slice(this.head);
      this.head = 0;
    }
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
  const pairs: Array<[string, string]> = [
    ["user", "postgres"],
    ["database", "postgres"],
  ];
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

type ConnectionOptions = { session: Mutex; verifier: ScramVerifier; authTimeoutMs: number; tooMany: boolean };

function serve(db: PGlite, socket: net.Socket, { session, verifier, authTimeoutMs, tooMany }: ConnectionOptions) {
  const received = new ByteQueue();
  let started = false;
  /** The normalized startup packet, held until the password is proven. */
  let pendingStartup: Buffer | null = null;
  let scram: ReturnType<typeof scramExchange> | null = null;
  let serverFirstSent = false;
  let release: (() => void) | null = null;
  let chain = Promise.resolve();
  /** No more reading or answering: the connection was refused, ended or lost. */
  let closed = false;

  const write = (data: Uint8Array) => {
    if (!closed && socket.writable) socket.write(data);
  };
  /** Stops reading at once and closes the socket once `last` (if any) is on its way, or after a short wait for a client that does not read. */
  const hangUp = (last?: Buffer) => {
    if (closed) return;
    if (last) write(last);
    closed = true;
    clearTimeout(authTimer);
    received.clear();
    socket.pause();
    socket.end(() => socket.destroy());
    setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
  };
  const refuse = (code: string, text: string) => hangUp(fatal(code, text));
  const run = (message: Uint8Array) => db.runExclusive(() => db.execProtocolRawStream(message, { onRawData: write }));
  const authTimer = setTimeout(() => refuse("57014", "canceling authentication due to timeout"), authTimeoutMs);
  authTimer.unref();

  async function drain() {
    for (;;) {
      if (closed) return;
      if (!started && !pendingStartup) {
        if (received.length < 8) return;
        const head = received.peek(8);
        const length = head.readInt32BE(0);
        const code = head.readInt32BE(4);
        if (length < 8 || length > MAX_PREAUTH_MESSAGE_BYTES) return refuse("08P01", "invalid startup packet length");
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          received.take(8);
          write(Buffer.from("N"));
          continue;
        }
        if (code === CANCEL_REQUEST) return hangUp();
        if (received.length < length) return;
        const packet = received.take(length);
        if (tooMany) return refuse("53300", "sorry, too many clients already");
        pendingStartup = normalizeStartup(packet.subarray(8));
        scram = scramExchange(verifier);
        write(authentication(10, Buffer.from(`${SCRAM_MECHANISM}\0\0`, "utf8"))); // AuthenticationSASL
        continue;
      }
      if (received.length < 5) return;
      const declared = received.peek(5).readInt32BE(1);
      if (declared < 4 || declared > (started ? MAX_MESSAGE_BYTES : MAX_PREAUTH_MESSAGE_BYTES)) {
        return refuse("08P01", `invalid message length ${declared}`);
      }
      if (received.length < 1 + declared) return;
      const message = received.take(1 + declared);
      const type = String.fromCharCode(message[0]);
      if (!started) {
        const body = message.subarray(5);
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
        clearTimeout(authTimer); // proven: waiting for the session below is not authentication
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
    closed = true;
    clearTimeout(authTimer);
    received.clear();
    if (release) {
      if (db.isInTransaction()) await db.exec("ROLLBACK").catch(() => {});
      release();
      release = null;
    }
  }

  socket.setNoDelay(true);
  socket.on("data", (chunk: Buffer) => {
    if (closed) return;
    received.push(chunk);
    chain = chain.then(drain).catch((error) => {
      log.error({ err: error }, "embedded database: connection error");
      socket.destroy();
    });
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    clearTimeout(authTimer);
    chain = chain.then(finish);
  });
}

export type EmbeddedDatabaseOptions = {
  dataDir?: string | null;
  port?: number;
  password?: string;
  /** Connections served at once (default DEFAULT_MAX_CONNECTIONS); as many again are told "too many clients", any more are dropped unanswered. */
  maxConnections?: number;
  /** Time to prove the password (default AUTH_TIMEOUT_MS). */
  authTimeoutMs?: number;
};

export async function startEmbeddedDatabase(opts: EmbeddedDatabaseOptions = {}): Promise<EmbeddedDatabase> {
  const dataDir = opts.dataDir === undefined ? DEFAULT_DATA_DIR : opts.dataDir;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700); // the database files are the shop's alone
  }
  const password = opts.password || liveEnv("EMBEDDED_DB_PASSWORD") || randomBytes(24).toString("base64url");
  const verifier = scramVerifier(password);
  const db = await PGlite.create({ dataDir: dataDir ?? undefined, extensions: { pg_trgm } });
  const session = new Mutex();
  const maxConnections = opts.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const authTimeoutMs = opts.authTimeoutMs ?? AUTH_TIMEOUT_MS;
  const sockets = new Set<net.Socket>();
  let served = 0;
  const server = net.createServer((socket) => {
    // Like PostgreSQL: past the limit a connection still gets its answer ("too many clients", after its
    // startup packet, so a driver reports it), within the authentication time; past twice the limit
    // Node drops it unanswered (server.maxConnections).
    const tooMany = served >= maxConnections;
    if (!tooMany) served++;
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      if (!tooMany) served--;
    });
    serve(db, socket, { session, verifier, authTimeoutMs, tooMany });
  });
  server.maxConnections = 2 * maxConnections;
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
