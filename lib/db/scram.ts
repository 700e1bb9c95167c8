import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The server half of PostgreSQL's SCRAM-SHA-256 password exchange (RFC 5802,
 * RFC 7677, no channel binding), which the embedded database's wire server
 * runs before a connection reaches PGlite. The password never crosses the
 * socket; the `pg` driver speaks it natively.
 */
export const SCRAM_MECHANISM = "SCRAM-SHA-256";
const ITERATIONS = 4096;

export type ScramVerifier = { salt: Buffer; iterations: number; storedKey: Buffer; serverKey: Buffer };

const hmac = (key: Buffer, data: string) => createHmac("sha256", key).update(data).digest();

export function scramVerifier(password: string): ScramVerifier {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, ITERATIONS, 32, "sha256");
  return { salt, iterations: ITERATIONS, storedKey: createHash("sha256").update(hmac(salted, "Client Key")).digest(), serverKey: hmac(salted, "Server Key") };
}

function attributes(message: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of message.split(",")) {
    const eq = part.indexOf("=");
    if (eq === 1) map.set(part[0], part.slice(2));
  }
  return map;
}

export type ScramExchange = {
  /** Reads the client-first message; returns the server-first message, or null when malformed. */
  serverFirst(clientFirst: string): string | null;
  /** Checks the client's proof; returns the server-final message, or null when the password is wrong. */
  serverFinal(clientFinal: string): string | null;
};

export function scramExchange(verifier: ScramVerifier): ScramExchange {
  let clientFirstBare = "";
  let serverFirstMessage = "";
  let nonce = "";
  return {
    serverFirst(clientFirst) {
      if (!clientFirst.startsWith("n,,")) return null; // no channel binding over a plain socket
      clientFirstBare = clientFirst.slice(3);
      const clientNonce = attributes(clientFirstBare).get("r");
      if (!clientNonce || clientNonce.length < 8 || clientNonce.length > 256) return null;
      nonce = clientNonce + randomBytes(18).toString("base64");
      serverFirstMessage = `r=${nonce},s=${verifier.salt.toString("base64")},i=${verifier.iterations}`;
      return serverFirstMessage;
    },
    serverFinal(clientFinal) {
      const proofAt = clientFinal.lastIndexOf(",p=");
      if (!serverFirstMessage || proofAt < 0) return null;
      const withoutProof = clientFinal.slice(0, proofAt);
      const attrs = attributes(withoutProof);
      if (attrs.get("c") !== "biws" || attrs.get("r") !== nonce) return null;
      const proof = Buffer.from(clientFinal.slice(proofAt + 3), "base64");
      const authMessage = `${clientFirstBare},${serverFirstMessage},${withoutProof}`;
      const signature = hmac(verifier.storedKey, authMessage);
      if (proof.length !== signature.length) return null;
      const clientKey = Buffer.from(proof.map((b, i) => b ^ signature[i]));
      const candidate = createHash("sha256").update(clientKey).digest();
      if (!timingSafeEqual(candidate, verifier.storedKey)) return null;
      return `v=${hmac(verifier.serverKey, authMessage).toString("base64")}`;
    },
  };
}
