/**
 * One of several processes racing to claim an embedded database directory
 * (lib/backup/owner.ts): argv[2] is the directory. Over IPC: "go" claims it
 * and answers { result: "won" | "in use" | "error: …" }; "release" lets a won
 * claim go and answers { released: true }; "exit" ends the process.
 * Run with `node --import <tsx> tests/helpers/owner-claimant.ts <dataDir>`.
 */
import { claimEmbeddedOwnership, EmbeddedDatabaseInUseError } from "@/lib/backup/owner";

const dataDir = process.argv[2];
if (!dataDir || !process.send) throw new Error("usage: owner-claimant.ts <dataDir>, with an IPC channel");
const send = process.send.bind(process);
let claim: ReturnType<typeof claimEmbeddedOwnership> | null = null;

process.on("message", (message) => {
  if (message === "go") {
    try {
      claim = claimEmbeddedOwnership(dataDir);
      send({ result: "won" });
    } catch (error) {
      send({ result: error instanceof EmbeddedDatabaseInUseError ? "in use" : `error: ${(error as Error).message}` });
    }
  } else if (message === "release") {
    claim?.release();
    claim = null;
    send({ released: true });
  } else if (message === "exit") {
    claim?.release();
    process.exit(0);
  }
});
process.on("disconnect", () => {
  claim?.release();
  process.exit(0);
});
send({ ready: true });
