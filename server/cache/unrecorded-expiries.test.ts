/**
 * Tag expiries not yet recorded in the shared cache, kept on disk: what one
 * process could not record is owed by the next one opened on the same folder
 * (a restart), every process's (several instances started from one folder),
 * taken over once; an unreadable file owes a clear; what was recorded is no
 * longer owed, unless taken again since. The folder is per shared cache, and
 * holds no Redis password.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openUnrecordedExpiries, unrecordedExpiriesDir } from "@/server/cache/unrecorded-expiries.mjs";

const root = mkdtempSync(path.join(tmpdir(), "mm-unrecorded-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => path.join(root, `cache-${n++}`);

describe("unrecorded tag expiries", () => {
  it("are owed by the next process opened on the folder until it records them", () => {
    const dir = folder();
    const first = openUnrecordedExpiries(dir);
    expect(first.settled()).toBe(true);
    first.add(["catalog:products", "catalog:product:oak-bowl"], 1_000);
    // The process restarts: the next one takes them over.
    const second = openUnrecordedExpiries(dir);
    expect(second.owed().sort()).toEqual([
      ["catalog:product:oak-bowl", 1_000],
      ["catalog:products", 1_000],
    ]);
    second.recorded(second.owed());
    expect(second.settled()).toBe(true);
    expect(openUnrecordedExpiries(dir).settled()).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith(".json"))).toEqual([]);
  });

  it("are taken over from every process that left some in the folder (several instances started from it)", () => {
    const dir = folder();
    openUnrecordedExpiries(dir).add(["catalog:products"], 1_000);
    openUnrecordedExpiries(dir).add(["catalog:gallery"], 2_000);
    expect(openUnrecordedExpiries(dir).owed().sort()).toEqual([
      ["catalog:gallery", 2_000],
      ["catalog:products", 1_000],
    ]);
  });

  it("keeps owing an expiry taken again after the one recorded", () => {
    const dir = folder();
    const journal = openUnrecordedExpiries(dir);
    journal.add(["catalog:products"], 1_000);
    const recording = journal.owed();
    journal.add(["catalog:products"], 2_000); // Redis dropped again during the recording
    journal.recorded(recording);
    expect(journal.owed()).toEqual([["catalog:products", 2_000]]);
    expect(openUnrecordedExpiries(dir).owed()).toEqual([["catalog:products", 2_000]]);
  });

  it("owes a clear of the shared cache for a file it cannot read, across restarts until cleared", () => {
    const dir = folder();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "41-abc.json"), '{"tags": {"catalog:prod');
    const journal = openUnrecordedExpiries(dir);
    expect({ settled: journal.settled(), clear: journal.clearOwed() }).toEqual({ settled: false, clear: true });
    const restarted = openUnrecordedExpiries(dir);
    expect(restarted.clearOwed()).toBe(true);
    restarted.cleared();
    expect(openUnrecordedExpiries(dir).settled()).toBe(true);
  });

  it("keeps each shared cache's apart, and no Redis password on disk", () => {
    const a = unrecordedExpiriesDir("redis://:s3cret-pass@redis.internal:6379/0", "mm:cache:");
    expect(unrecordedExpiriesDir("redis://:other@redis.internal:6379/0", "mm:cache:")).toBe(a);
    expect(unrecordedExpiriesDir("redis://redis.internal:6379/1", "mm:cache:")).not.toBe(a);
    expect(unrecordedExpiriesDir("redis://redis.internal:6379/0", "shop2:cache:")).not.toBe(a);
    expect(a).not.toContain("s3cret");
    expect(a.startsWith(path.resolve(".data/unrecorded-expiries"))).toBe(true);

    const dir = folder();
    openUnrecordedExpiries(dir).add(["catalog:products"], 5);
    for (const file of readdirSync(dir)) expect(readFileSync(path.join(dir, file), "utf8")).not.toContain("s3cret");
  });
});
