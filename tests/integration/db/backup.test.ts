import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import pg from "pg";
import sharp from "sharp";
import { createBackup } from "@/lib/backup/create";
import { lastBackup, listBackups, readManifest } from "@/lib/backup/manifest";
import { claimEmbeddedOwnership, EmbeddedDatabaseInUseError, ownerFile, readEmbeddedOwner } from "@/lib/backup/owner";
import { scheduleBackups } from "@/lib/backup/schedule";
import { restoreBackup, RestoreRefusedError } from "@/lib/backup/restore";
import { getAdminStats } from "@/lib/admin/stats-queries";
import { listProducts } from "@/lib/catalog/queries";
import { finalizeOrder, preparePayment } from "@/lib/checkout/service";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrator";
import { seedDatabase } from "@/lib/startup/seed";
import { listOrders } from "@/lib/orders/admin-service";
import { confirmTestPayment } from "@/lib/payments/test-provider-service";
import { storeUploadedImage } from "@/lib/storage";
import { createPostgresDatabase } from "@/tests/helpers/test-db";
import { migratedEmbeddedDir } from "@/tests/helpers/embedded-template";
import { setProcessState } from "@/lib/process-state.mjs";
import { createPaymentIntentSchema } from "@/lib/checkout/api-schemas";
import { parseOrThrow } from "@/lib/validation";

/**
 * `npm run backup` / `npm run restore` end to end: the scripts run as child
 * processes against a shop database this test owns (the embedded one through
 * its owner file, as `npm start` publishes it; or PostgreSQL via DATABASE_URL).
 */
const ROOT = process.cwd();
const TSX_ESM = path.join(ROOT, "node_modules/tsx/dist/esm/index.mjs");
const PG = process.env.TEST_DATABASE_URL;
if (!PG) console.log("backup.test: TEST_DATABASE_URL is unset, so the PostgreSQL parts (pg_dump, restore into PostgreSQL) are skipped.");

type Run = { code: number | null; stdout: string; stderr: string };

function runScript(script: "backup" | "restore", args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  return new Promise((resolve) => {
    // Through tsx's loader in one process (its CLI would start a second Node for each run).
    const child = spawn(process.execPath, ["--import", TSX_ESM, `scripts/${script}.ts`, ...args], { cwd: ROOT, env: childEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Products a checkout of one unit always takes, however many times: not one of a kind, not counted
 * (a counted one runs out), no variants to choose, not a gift card.
 */
const ALWAYS_BUYABLE = { active: true, sold: false, uniqueItem: false, giftCard: false, stock: null, variants: { none: {} } } as const;

const address = { line1: "12 Elm Street", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
const CARD_OK = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" };

/** The services behind the checkout (spec: test card), on whichever database `use()` selected. */
async function placeOrder(items: Array<{ productId: number; quantity: number }>, email: string) {
  const request = parseOrThrow(createPaymentIntentSchema, { sessionId: `s-${randomBytes(6).toString("hex")}`, items, email, firstName: "Robin", lastName: "Ash", shippingAddress: address });
  const prepared = await preparePayment(request);
  await confirmTestPayment(prepared.clientSecret!, CARD_OK);
  return (await finalizeOrder(prepared.paymentIntentId)).order;
}

function use(prisma: PrismaClient | undefined) {
  setProcessState("prisma", prisma);
}

const pngOf = (color: string) =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A temporary folder with the shop's data (embedded dir, uploads) and a backups folder. */
async function workspace() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "mm-backup-"));
  return { dir, dataDir: path.join(dir, "pglite"), uploads: path.join(dir, "uploads"), backups: path.join(dir, "backups") };
}

/** "The shop": the embedded database on a directory, owned by this process and published like scripts/serve.ts does. */
async function runEmbeddedShop(dataDir: string): Promise<{ url: string; prisma: PrismaClient; stop: () => Promise<void> }> {
  await migratedEmbeddedDir(dataDir); // a copy of the migrated template: no initdb
  const claim = claimEmbeddedOwnership(dataDir);
  const db: EmbeddedDatabase = await startEmbeddedDatabase({ dataDir });
  claim.publish(db.url);
  await migrate(db.url);
  const prisma = createPrismaClient(db.url, 4);
  return {
    url: db.url,
    prisma,
    stop: async () => {
      await prisma.$disconnect();
      await db.stop();
      claim.release();
    },
  };
}

/** Seeds, sells a one-of-a-kind piece with the test card and stores an uploaded image on a product. */
async function fillShop(prisma: PrismaClient) {
  use(prisma);
  await seedDatabase(prisma);
  const piece = await prisma.product.findFirstOrThrow({ where: { uniqueItem: true, sold: false, active: true }, orderBy: { id: "asc" } });
  const other = await prisma.product.findFirstOrThrow({ where: ALWAYS_BUYABLE, orderBy: { id: "asc" } });
  const image = await storeUploadedImage(new File([new Uint8Array(await pngOf("#8b4513"))], "walnut-bowl.png", { type: "image/png" }));
  await prisma.productImage.create({ data: { productId: piece.id, url: image.url, width: image.width, height: image.height, alt: "Walnut bowl, uploaded" } });
  const order = await placeOrder(
    [
      { productId: piece.id, quantity: 1 },
      { productId: other.id, quantity: 2 },
    ],
    "backup-buyer@example.com",
  );
  return { order, piece, image };
}

type Sold = Awaited<ReturnType<typeof fillShop>>;

/** The order, its customer, the sold piece and the uploaded image, as restored. */
async function expectRestored(url: string, prisma: PrismaClient, sold: Sold, uploads: string, originalImage: Buffer) {
  const order = await prisma.order.findUniqueOrThrow({ where: { orderNumber: sold.order.orderNumber }, include: { items: true, customer: true } });
  expect(order.total.toFixed(2)).toBe(sold.order.total.toFixed(2));
  expect(order.items.map((i) => [i.productName, i.quantity])).toEqual(sold.order.items.map((i) => [i.productName, i.quantity]));
  expect(order.customer).toMatchObject({ email: "backup-buyer@example.com", firstName: "Robin", lastName: "Ash" });
  expect(await prisma.product.findUniqueOrThrow({ where: { id: sold.piece.id } })).toMatchObject({ slug: sold.piece.slug, sold: true });
  const imageRow = await prisma.productImage.findFirstOrThrow({ where: { url: sold.image.url } });
  expect(imageRow.productId).toBe(sold.piece.id);
  const file = path.join(uploads, sold.image.url.replace(/^\/uploads\//, ""));
  expect(await readFile(file)).toEqual(originalImage);
  // The migrator sees a restored database as migrated.
  expect((await migrate(url)).applied).toEqual([]);
}

const client = (url: string) => createPrismaClient(url, 4);

async function onlyBackup(backups: string): Promise<string> {
  const names = (await readdir(backups)).filter((n) => !n.startsWith("."));
  expect(names).toHaveLength(1);
  return path.join(backups, names[0]);
}

/** Every order is whole: it has items and its completed checkout, and the totals add up. */
async function expectWholeOrders(prisma: PrismaClient) {
  const orders = await prisma.order.findMany({ include: { items: true } });
  const checkouts = await prisma.checkout.findMany({ where: { orderId: { not: null } } });
  for (const order of orders) {
    expect(order.items.length).toBeGreaterThan(0);
    const itemsTotal = order.items.reduce((sum, i) => sum + Math.round(Number(i.total) * 100), 0);
    expect(itemsTotal).toBe(Math.round(Number(order.subtotal) * 100));
    expect(Math.round(Number(order.total) * 100)).toBe(Math.round((Number(order.subtotal) + Number(order.shipping) + Number(order.tax)) * 100));
    const checkout = checkouts.find((c) => c.orderId === order.id);
    expect(checkout).toBeDefined();
    expect(checkout!.paymentIntentId).toBe(order.stripePaymentIntentId);
  }
  expect(checkouts.every((c) => orders.some((o) => o.id === c.orderId))).toBe(true);
  return orders.length;
}

afterEach(() => {
  use(undefined);
  delete process.env.UPLOADS_DIR;
});

/** A backup round trip runs a whole shop, pg_dump-like dumps and restores: on a busy 2-core machine it took over a minute. */
const ROUND_TRIP_MS = 240_000;

describe("backups of the embedded database", () => {
  let ws: Awaited<ReturnType<typeof workspace>>;
  beforeEach(async () => {
    ws = await workspace();
  });
  afterEach(() => rm(ws.dir, { recursive: true, force: true }));

  it(
    "backs up the running shop, and restores order, customer, sold piece and image into an emptied shop; refuses a non-empty one without --force",
    async () => {
      process.env.UPLOADS_DIR = ws.uploads;
      const shop = await runEmbeddedShop(ws.dataDir);
      let sold: Sold;
      try {
        sold = await fillShop(shop.prisma);
        const backup = await runScript("backup", [], { EMBEDDED_DB_DIR: ws.dataDir, UPLOADS_DIR: ws.uploads, BACKUP_DIR: ws.backups });
        expect(backup.stderr).toBe("");
        expect(backup.code).toBe(0);
        expect(backup.stdout).toContain("through the running shop");
        // The shop's own session is untouched by the dump (the embedded server shares one session):
        // its queries still find the tables, and the next backup runs too.
        expect((await listProducts({ search: "bowl" })).total).toBeGreaterThan(0);
        const second = await runScript("backup", [], { EMBEDDED_DB_DIR: ws.dataDir, UPLOADS_DIR: ws.uploads, BACKUP_DIR: path.join(ws.dir, "second") });
        expect(second.stderr).toBe("");
        expect(second.code).toBe(0);
      } finally {
        await shop.stop();
      }
      const dir = await onlyBackup(ws.backups);
      const manifest = await readManifest(dir);
      expect(manifest.database.kind).toBe("embedded");
      expect(manifest.uploads.count).toBe(1);
      expect(manifest.files.map((f) => f.path).sort()).toEqual(["database.sql.gz", `uploads/${path.basename(sold!.image.url)}`]);
      expect((await lastBackup(ws.backups))?.createdAt).toBe(manifest.createdAt);
      const image = await readFile(path.join(ws.uploads, path.basename(sold!.image.url)));

      // Lose everything, then restore with the shop stopped (the script opens the directory itself).
      await rm(ws.dataDir, { recursive: true, force: true });
      await rm(ws.uploads, { recursive: true, force: true });
      const restore = await runScript("restore", [dir], { EMBEDDED_DB_DIR: ws.dataDir, UPLOADS_DIR: ws.uploads });
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      expect(existsSync(`${ws.dataDir}.owner`)).toBe(false);

      const again = await runScript("restore", [dir], { EMBEDDED_DB_DIR: ws.dataDir, UPLOADS_DIR: ws.uploads });
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe("Restore failed: The database is not empty. Restore into an empty database, or pass --force to replace everything in it.");

      const db = await startEmbeddedDatabase({ dataDir: ws.dataDir });
      const prisma = client(db.url);
      try {
        await expectRestored(db.url, prisma, sold!, ws.uploads, image);
        // --force replaces what is there (here: a message written after the backup disappears).
        await prisma.contactMessage.create({ data: { name: "After", email: "after@example.com", subject: "Later", message: "written after the backup" } });
      } finally {
        await prisma.$disconnect();
        await db.stop();
      }
      const forced = await runScript("restore", [dir, "--force"], { EMBEDDED_DB_DIR: ws.dataDir, UPLOADS_DIR: ws.uploads });
      expect(forced.code).toBe(0);
      const db2 = await startEmbeddedDatabase({ dataDir: ws.dataDir });
      const prisma2 = client(db2.url);
      try {
        expect(await prisma2.contactMessage.count({ where: { email: "after@example.com" } })).toBe(0);
        await expectRestored(db2.url, prisma2, sold!, ws.uploads, image);
      } finally {
        await prisma2.$disconnect();
        await db2.stop();
      }
    },
    ROUND_TRIP_MS,
  );

  it(
    "refuses to open the directory of a running shop that has not published its server, and a damaged backup",
    async () => {
      const claim = claimEmbeddedOwnership(ws.dataDir);
      try {
        const busy = await runScript("restore", [ws.dir], { EMBEDDED_DB_DIR: ws.dataDir, UPLOADS_DIR: ws.uploads });
        expect(busy.code).toBe(1);
        expect(busy.stderr.trim()).toBe(`Restore failed: The shop (process ${process.pid}) is still starting its embedded database; try again in a moment.`);
      } finally {
        claim.release();
      }
      process.env.UPLOADS_DIR = ws.uploads;
      const shop = await runEmbeddedShop(ws.dataDir);
      try {
        await seedDatabase(shop.prisma);
        const backup = await runScript("backup", [], { EMBEDDED_DB_DIR: ws.dataDir, UPLOADS_DIR: ws.uploads, BACKUP_DIR: ws.backups });
        // On a failure Jest prints the whole run, the script's stderr included.
        expect(backup).toMatchObject({ code: 0 });
      } finally {
        await shop.stop();
      }
      const dir = await onlyBackup(ws.backups);
      const target = await startEmbeddedDatabase({ dataDir: null });
      try {
        const gz = path.join(dir, "database.sql.gz");
        const bytes = await readFile(gz);
        bytes[bytes.length - 1] ^= 0xff;
        await writeFile(gz, bytes);
        await expect(restoreBackup(dir, target.url)).rejects.toThrow("The backup is damaged: database.sql.gz does not match its checksum.");
      } finally {
        await target.stop();
      }
    },
    ROUND_TRIP_MS,
  );

  it(
    "takes a consistent backup while reads and checkouts run, and it restores with no half-written order",
    async () => {
      process.env.UPLOADS_DIR = ws.uploads;
      const shop = await runEmbeddedShop(ws.dataDir);
      use(shop.prisma);
      let ordersDuringBackup = 0;
      try {
        await seedDatabase(shop.prisma, { extraProducts: 40 });
        const buyable = await shop.prisma.product.findMany({ where: ALWAYS_BUYABLE, orderBy: { id: "asc" } });
        let done = false;
        const backup = runScript("backup", [], { EMBEDDED_DB_DIR: ws.dataDir, UPLOADS_DIR: ws.uploads, BACKUP_DIR: ws.backups }).finally(() => (done = true));
        const reads = (async () => {
          while (!done) await Promise.all([listProducts({ search: "bowl" }), getAdminStats(), listOrders({ limit: 5 })]);
        })();
        const checkouts = (async () => {
          for (let i = 0; !done; i++) {
            await placeOrder([{ productId: buyable[i % buyable.length].id, quantity: 1 + (i % 3) }], `load-${i}@example.com`);
            if (!done) ordersDuringBackup++;
          }
        })();
        const result = await backup;
        await Promise.all([reads, checkouts]);
        expect(result.stderr).toBe("");
        expect(result.code).toBe(0);
      } finally {
        await shop.stop();
      }
      expect(ordersDuringBackup).toBeGreaterThan(0);
      const target = await startEmbeddedDatabase({ dataDir: null });
      const prisma = client(target.url);
      try {
        await restoreBackup(await onlyBackup(ws.backups), target.url);
        const restoredOrders = await expectWholeOrders(prisma);
        expect(restoredOrders).toBeGreaterThan(0);
      } finally {
        await prisma.$disconnect();
        await target.stop();
      }
    },
    ROUND_TRIP_MS,
  );
});

describe("restore writes only under its destinations", () => {
  const SECRET = "the shop's own session-signing secret";
  const FORGED = Buffer.from("a secret the backup's author chose");
  const IMAGE = Buffer.from("an image restored with the backup");
  const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

  /** A shop's .data (auth secret, uploads), a backup folder holding a dump and a good image, and a folder a link may point to. */
  async function shopAndBackup() {
    const dir = await mkdtemp(path.join(os.tmpdir(), "mm-restore-paths-"));
    const data = path.join(dir, ".data");
    const uploads = path.join(data, "uploads");
    const backup = path.join(dir, "backup");
    const elsewhere = path.join(dir, "elsewhere");
    for (const d of [uploads, path.join(backup, "uploads"), elsewhere]) await mkdir(d, { recursive: true });
    await writeFile(path.join(data, "auth-secret"), SECRET);
    const dump = gzipSync("CREATE TABLE restored_from_backup (id integer);\n");
    await writeFile(path.join(backup, "database.sql.gz"), dump);
    await writeFile(path.join(backup, "uploads", "good.png"), IMAGE);
    const files = [
      { path: "database.sql.gz", bytes: dump.length, sha256: sha256(dump) },
      { path: "uploads/good.png", bytes: IMAGE.length, sha256: sha256(IMAGE) },
    ];
    return { dir, data, uploads, backup, elsewhere, files };
  }
  type Shop = Awaited<ReturnType<typeof shopAndBackup>>;

  async function writeManifest(shop: Shop, entry: { path: string; data: Buffer }) {
    const files = [...shop.files, { path: entry.path, bytes: entry.data.length, sha256: sha256(entry.data) }];
    const manifest = {
      format: "maple-micron-backup/1",
      createdAt: new Date().toISOString(),
      database: { kind: "embedded", serverVersion: "17.5", sqlBytes: 0, compressedBytes: 0 },
      uploads: { count: files.length - 1, bytes: 0 },
      files,
    };
    await writeFile(path.join(shop.backup, "manifest.json"), JSON.stringify(manifest));
  }

  /** Every file and link under a folder, relative to it. */
  async function listed(dir: string): Promise<string[]> {
    return (await readdir(dir, { recursive: true })).map(String).sort();
  }

  /** Each case: the manifest entry, and what the backup's author placed for it. */
  const cases: Array<[string, (shop: Shop) => Promise<string>]> = [
    [
      "a parent-folder step out of uploads/",
      async (shop) => {
        await writeFile(path.join(shop.backup, "auth-secret"), FORGED); // inside the backup folder, so it passes that check
        return "uploads/../auth-secret";
      },
    ],
    [
      "a backslash",
      async (shop) => {
        await writeFile(path.join(shop.backup, "uploads", "..\\auth-secret"), FORGED);
        return "uploads/..\\auth-secret";
      },
    ],
    ["an absolute path", async (shop) => path.join(shop.data, "auth-secret")],
    ["a NUL byte", async () => "uploads/good.png\0.sh"],
    [
      "a symbolic link in the backup folder",
      async (shop) => {
        await writeFile(path.join(shop.elsewhere, "private.txt"), FORGED);
        await symlink(path.join(shop.elsewhere, "private.txt"), path.join(shop.backup, "uploads", "linked.png"));
        return "uploads/linked.png";
      },
    ],
    [
      "a symbolic link in the uploads folder",
      async (shop) => {
        await symlink(shop.elsewhere, path.join(shop.uploads, "gallery"));
        await mkdir(path.join(shop.backup, "uploads", "gallery"));
        await writeFile(path.join(shop.backup, "uploads", "gallery", "bowl.png"), FORGED);
        return "uploads/gallery/bowl.png";
      },
    ],
  ];

  // One empty database for the six refusals: each case checks it is still empty afterwards, so a refusal
  // that wrote anything fails there and in every case after it (a start of its own cost 4–5 s each).
  let target: Awaited<ReturnType<typeof startEmbeddedDatabase>>;
  beforeAll(async () => {
    target = await startEmbeddedDatabase({ dataDir: null });
  }, ROUND_TRIP_MS);
  afterAll(() => target?.stop());

  it.each(cases)(
    "refuses a manifest entry with %s, naming it, and writes nothing at all",
    async (_, place) => {
      const shop = await shopAndBackup();
      try {
        const entry = await place(shop);
        await writeManifest(shop, { path: entry, data: FORGED });
        const uploadsBefore = await listed(shop.uploads);
        process.env.UPLOADS_DIR = shop.uploads;
        const error = await restoreBackup(shop.backup, target.url).then(
          () => null,
          (e: Error) => e,
        );
        expect(error).toBeInstanceOf(RestoreRefusedError);
        expect(error!.message).toContain(JSON.stringify(entry));
        expect(error!.message).toContain("Nothing was restored.");
        // Nothing written: not the secret, not the good image listed before the bad entry, not through a link, not the database.
        expect(await readFile(path.join(shop.data, "auth-secret"), "utf8")).toBe(SECRET);
        expect(await listed(shop.uploads)).toEqual(uploadsBefore);
        expect(await listed(shop.elsewhere)).toEqual(entry.endsWith("linked.png") ? ["private.txt"] : []);
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        try {
          expect((await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows).toEqual([]);
        } finally {
          await client.end();
        }
      } finally {
        await rm(shop.dir, { recursive: true, force: true });
      }
    },
    ROUND_TRIP_MS,
  );

  it(
    "npm run restore says which entry it refused, and exits 1",
    async () => {
      const shop = await shopAndBackup();
      try {
        await writeFile(path.join(shop.backup, "auth-secret"), FORGED);
        await writeManifest(shop, { path: "uploads/../auth-secret", data: FORGED });
        const run = await runScript("restore", [shop.backup], { EMBEDDED_DB_DIR: path.join(shop.data, "pglite"), UPLOADS_DIR: shop.uploads });
        expect(run.code).toBe(1);
        expect(run.stderr.trim()).toBe(
          'Restore failed: The backup\'s manifest names "uploads/../auth-secret", which is not the database file nor a file under uploads/ (no "..", absolute path, backslash or NUL). Nothing was restored.',
        );
        expect(await readFile(path.join(shop.data, "auth-secret"), "utf8")).toBe(SECRET);
        expect(await listed(shop.uploads)).toEqual([]);
      } finally {
        await rm(shop.dir, { recursive: true, force: true });
      }
    },
    ROUND_TRIP_MS,
  );
});

describe("scheduled backups and the owner file", () => {
  let ws: Awaited<ReturnType<typeof workspace>>;
  beforeEach(async () => {
    ws = await workspace();
  });
  afterEach(() => rm(ws.dir, { recursive: true, force: true }));

  it(
    "runs a backup every interval and keeps only the newest BACKUP_KEEP; the dashboard reads the newest",
    async () => {
      process.env.UPLOADS_DIR = ws.uploads;
      process.env.BACKUP_DIR = ws.backups;
      const db = await startEmbeddedDatabase({ dataDir: null });
      const logs: string[] = [];
      try {
        await migrate(db.url);
        const old = await createBackup({ url: db.url, kind: "embedded" }, { now: new Date("2020-01-01T00:00:00Z") });
        const stop = scheduleBackups({ url: db.url, kind: "embedded" }, { intervalHours: 1 / 36_000, keep: 2, log: (m) => logs.push(m) });
        try {
          while (logs.length < 3) await new Promise((r) => setTimeout(r, 200));
        } finally {
          stop();
        }
        expect(logs.every((m) => m.startsWith("backup written to "))).toBe(true);
        const kept = await listBackups(ws.backups);
        expect(kept).toHaveLength(2);
        expect(kept.map((b) => b.dir)).not.toContain(old.dir);
        expect((await lastBackup())?.createdAt).toBe(kept[0].manifest.createdAt);
        expect(kept[0].manifest.createdAt > kept[1].manifest.createdAt).toBe(true);
      } finally {
        delete process.env.BACKUP_DIR;
        await db.stop();
      }
    },
    ROUND_TRIP_MS,
  );

  it(
    "a second process cannot claim a directory a live process owns; a dead owner's file is taken over",
    async () => {
      await writeFile(ownerFile(ws.dataDir), JSON.stringify({ pid: process.ppid, url: null }));
      expect(() => claimEmbeddedOwnership(ws.dataDir)).toThrow(EmbeddedDatabaseInUseError);
      const dead = spawn(process.execPath, ["-e", ""]);
      await new Promise((r) => dead.on("close", r));
      await writeFile(ownerFile(ws.dataDir), JSON.stringify({ pid: dead.pid, url: "postgresql://stale" }));
      const claim = claimEmbeddedOwnership(ws.dataDir);
      expect(readEmbeddedOwner(ws.dataDir)).toEqual({ pid: process.pid, url: null });
      claim.publish("postgresql://postgres:pw@127.0.0.1:1/postgres");
      expect(readEmbeddedOwner(ws.dataDir)).toEqual({ pid: process.pid, url: "postgresql://postgres:pw@127.0.0.1:1/postgres" });
      claim.release();
      expect(existsSync(ownerFile(ws.dataDir))).toBe(false);
    },
    ROUND_TRIP_MS,
  );

  it(
    "of many processes claiming a dead owner's directory at the same moment, exactly one wins, round after round",
    async () => {
      const dead = spawn(process.execPath, ["-e", ""]);
      await new Promise((r) => dead.on("close", r));
      const CLAIMANTS = 12;
      const ROUNDS = 8;
      const claimants = Array.from({ length: CLAIMANTS }, () =>
        spawn(process.execPath, ["--import", TSX_ESM, "tests/helpers/owner-claimant.ts", ws.dataDir], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit", "ipc"] }),
      );
      const reply = (child: (typeof claimants)[number]) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const exited = (code: number | null) => reject(new Error(`a claimant exited (${code})`));
          child.once("exit", exited);
          child.once("message", (m) => {
            child.off("exit", exited);
            resolve(m as Record<string, unknown>);
          });
        });
      try {
        await Promise.all(claimants.map(reply)); // all loaded and listening
        for (let round = 1; round <= ROUNDS; round++) {
          // The shop crashed: its claim is left behind, naming a process that is gone: a claim file as the
          // previous version wrote it, then (last two rounds) a claim folder with a claimant's unfinished one beside it.
          if (round > ROUNDS - 2) {
            await mkdir(ownerFile(ws.dataDir));
            await writeFile(path.join(ownerFile(ws.dataDir), `${dead.pid}-0123abcd.json`), JSON.stringify({ pid: dead.pid, url: "postgresql://stale" }));
            await mkdir(`${ownerFile(ws.dataDir)}.claim-${dead.pid}-4567cdef`);
          } else {
            await writeFile(ownerFile(ws.dataDir), JSON.stringify({ pid: dead.pid, url: "postgresql://stale" }));
          }
          expect(readEmbeddedOwner(ws.dataDir)).toBeNull();
          const replies = claimants.map(reply);
          for (const child of claimants) child.send("go");
          const results = (await Promise.all(replies)).map((r) => r.result);
          const winners = claimants.filter((_, i) => results[i] === "won");
          expect({ round, won: winners.length, inUse: results.filter((r) => r === "in use").length }).toEqual({ round, won: 1, inUse: CLAIMANTS - 1 });
          expect(readEmbeddedOwner(ws.dataDir)?.pid).toBe(winners[0].pid);
          const released = reply(winners[0]);
          winners[0].send("release");
          await released;
          expect(existsSync(ownerFile(ws.dataDir))).toBe(false);
          expect((await readdir(ws.dir)).filter((n) => n.includes(".owner"))).toEqual([]); // nothing left behind
        }
      } finally {
        for (const child of claimants) child.kill();
      }
    },
    ROUND_TRIP_MS,
  );
});

const describePg = PG ? describe : describe.skip;

describePg("backups with PostgreSQL", () => {
  const dropLater: Array<() => Promise<void>> = [];
  let ws: Awaited<ReturnType<typeof workspace>>;
  const newDatabase = async () => {
    const db = await createPostgresDatabase(PG!, `mm_backup_${process.pid}_${randomBytes(4).toString("hex")}`);
    dropLater.push(db.drop);
    return db;
  };
  beforeEach(async () => {
    ws = await workspace();
  });
  afterEach(async () => {
    await rm(ws.dir, { recursive: true, force: true });
    for (const drop of dropLater.splice(0)) await drop();
  });

  it(
    "moves a shop from the embedded default to an empty PostgreSQL database, and the shop's queries work there",
    async () => {
      process.env.UPLOADS_DIR = ws.uploads;
      const shop = await runEmbeddedShop(ws.dataDir);
      let sold: Sold;
      try {
        sold = await fillShop(shop.prisma);
        const backup = await runScript("backup", [], { EMBEDDED_DB_DIR: ws.dataDir, UPLOADS_DIR: ws.uploads, BACKUP_DIR: ws.backups });
        // On a failure Jest prints the whole run, the script's stderr included.
        expect(backup).toMatchObject({ code: 0 });
      } finally {
        await shop.stop();
      }
      const dir = await onlyBackup(ws.backups);
      const image = await readFile(path.join(ws.uploads, path.basename(sold!.image.url)));
      const newUploads = path.join(ws.dir, "pg-uploads");
      const target = await newDatabase();
      const restore = await runScript("restore", [dir], { DATABASE_URL: target.url, UPLOADS_DIR: newUploads });
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      const prisma = client(target.url);
      use(prisma);
      try {
        await expectRestored(target.url, prisma, sold!, newUploads, image);
        expect((await listProducts({ search: "bowl" })).total).toBeGreaterThan(0);
        expect((await listOrders({ limit: 5 })).map((o) => o.orderNumber)).toContain(sold!.order.orderNumber);
        expect((await getAdminStats()).totalOrders).toBe(1);
        // The shop keeps working on it: a new order gets the next ids (sequences were restored).
        const next = await placeOrder([{ productId: (await prisma.product.findFirstOrThrow({ where: ALWAYS_BUYABLE, orderBy: { id: "asc" } })).id, quantity: 1 }], "after-move@example.com");
        expect(next.id).toBeGreaterThan(sold!.order.id);
      } finally {
        await prisma.$disconnect();
      }
      const again = await runScript("restore", [dir], { DATABASE_URL: target.url, UPLOADS_DIR: newUploads });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("The database is not empty");
    },
    ROUND_TRIP_MS,
  );

  it(
    "backs up PostgreSQL with pg_dump and restores it into an emptied database",
    async () => {
      process.env.UPLOADS_DIR = ws.uploads;
      const source = await newDatabase();
      await migrate(source.url);
      const prisma = client(source.url);
      let sold: Sold;
      try {
        sold = await fillShop(prisma);
        const backup = await runScript("backup", [], { DATABASE_URL: source.url, UPLOADS_DIR: ws.uploads, BACKUP_DIR: ws.backups });
        expect(backup.stderr).toBe("");
        expect(backup.code).toBe(0);
      } finally {
        await prisma.$disconnect();
      }
      const dir = await onlyBackup(ws.backups);
      expect((await readManifest(dir)).database.kind).toBe("postgresql");
      const image = await readFile(path.join(ws.uploads, path.basename(sold!.image.url)));
      // Empty the database and the uploads, then restore.
      await source.drop();
      const emptied = await createPostgresDatabase(PG!, new URL(source.url).pathname.slice(1));
      await rm(ws.uploads, { recursive: true, force: true });
      const restore = await runScript("restore", [dir], { DATABASE_URL: emptied.url, UPLOADS_DIR: ws.uploads });
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      const restored = client(emptied.url);
      try {
        await expectRestored(emptied.url, restored, sold!, ws.uploads, image);
      } finally {
        await restored.$disconnect();
      }
    },
    ROUND_TRIP_MS,
  );

  it(
    "takes a consistent pg_dump backup while reads and checkouts run",
    async () => {
      process.env.UPLOADS_DIR = ws.uploads;
      const source = await newDatabase();
      await migrate(source.url);
      const prisma = client(source.url);
      use(prisma);
      let ordersDuringBackup = 0;
      try {
        await seedDatabase(prisma, { extraProducts: 40 });
        const buyable = await prisma.product.findMany({ where: ALWAYS_BUYABLE, orderBy: { id: "asc" } });
        let done = false;
        const backup = runScript("backup", [], { DATABASE_URL: source.url, UPLOADS_DIR: ws.uploads, BACKUP_DIR: ws.backups }).finally(() => (done = true));
        const reads = (async () => {
          while (!done) await Promise.all([listProducts({ search: "bowl" }), getAdminStats()]);
        })();
        const checkouts = (async () => {
          for (let i = 0; !done; i++) {
            await placeOrder([{ productId: buyable[i % buyable.length].id, quantity: 1 }], `pg-load-${i}@example.com`);
            if (!done) ordersDuringBackup++;
          }
        })();
        expect((await backup).code).toBe(0);
        await Promise.all([reads, checkouts]);
      } finally {
        await prisma.$disconnect();
      }
      expect(ordersDuringBackup).toBeGreaterThan(0);
      const target = await newDatabase();
      await restoreBackup(await onlyBackup(ws.backups), target.url);
      const restored = client(target.url);
      try {
        expect(await expectWholeOrders(restored)).toBeGreaterThan(0);
      } finally {
        await restored.$disconnect();
      }
    },
    ROUND_TRIP_MS,
  );
});
