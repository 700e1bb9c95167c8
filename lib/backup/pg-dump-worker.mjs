/**
 * Runs PGlite's pg_dump (WASM, from @electric-sql/pglite-tools) in a worker
 * thread. pg_dump reads and writes the wire protocol synchronously, so each
 * request is handed to the parent thread, which talks to the database over
 * TCP, and this thread sleeps on a shared flag until the whole reply is back
 * (see lib/backup/wire-dump.ts). The worker never opens a data directory.
 */
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";

const { port, flag, args } = workerData;
const state = new Int32Array(flag);

/** One round trip: send the bytes, block until the parent has the complete reply. */
function roundTrip(bytes) {
  Atomics.store(state, 0, 0);
  port.postMessage(bytes);
  Atomics.wait(state, 0, 0);
  const reply = receiveMessageOnPort(port);
  return reply ? reply.message : new Uint8Array();
}

/** The slice of the PGlite API that pgDump uses, forwarded over the wire. */
const remote = {
  query: async () => ({ rows: [{ search_path: '"$user", public' }] }),
  exec: async () => [],
  execProtocolRawStream(bytes, { onRawData }) {
    const reply = roundTrip(new Uint8Array(bytes));
    if (reply.length) onRawData(reply);
    return Promise.resolve();
  },
};

try {
  const file = await pgDump({ pg: remote, args });
  parentPort.postMessage({ ok: true, sql: await file.text() });
} catch (error) {
  parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
