import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { uploadsDir } from "@/lib/storage/uploads-dir";

/**
 * Postage labels the shop keeps: PDFs under UPLOADS_DIR/labels (so a backup of the uploads holds them),
 * named by a random id. They are never public: /uploads serves image types only, and the one way to a
 * label is the admin's route (app/admin/orders/[id]/label/[labelId]/route.ts).
 */
const LABELS = "labels";
const NAME = /^[a-f0-9]{32}\.pdf$/;

/** Stores a label's PDF; returns its name. */
export async function saveLabelFile(data: Uint8Array): Promise<string> {
  const name = `${randomBytes(16).toString("hex")}.pdf`;
  const dir = path.join(uploadsDir(), LABELS);
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, name);
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, data, { flag: "wx" });
  await rename(temp, target);
  return name;
}

/** A stored label's bytes, or null when the name is not one or its file is gone. */
export async function readLabelFile(name: string): Promise<Buffer | null> {
  if (!NAME.test(name)) return null;
  return readFile(path.join(uploadsDir(), LABELS, name)).catch(() => null);
}

/** Whether bytes are a PDF (its header), the one kind of file kept here. */
export const isPdf = (data: Uint8Array) => data.byteLength > 8 && Buffer.from(data.subarray(0, 5)).toString("latin1") === "%PDF-";
