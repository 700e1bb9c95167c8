import { addressKey, pickClientAddress } from "@/lib/net/client-address";
import { setProcessState } from "@/lib/process-state.mjs";

describe("pickClientAddress (hop count, as Express's trust proxy)", () => {
  it("without trusted proxies it is the TCP peer, whatever X-Forwarded-For says", () => {
    expect(pickClientAddress("203.0.113.7", "198.51.100.1, 10.0.0.1", 0)).toBe("203.0.113.7");
    expect(pickClientAddress(null, "198.51.100.1", 0)).toBeNull();
  });
  it("behind one proxy it is the entry that proxy appended (the rightmost), not what the client wrote", () => {
    expect(pickClientAddress("10.0.0.2", "6.6.6.6, 198.51.100.1", 1)).toBe("198.51.100.1");
    expect(pickClientAddress(null, "198.51.100.1", 1)).toBe("198.51.100.1"); // Vercel: no peer, one trusted entry
  });
  it("behind two proxies it skips both", () => {
    expect(pickClientAddress("10.0.0.2", "6.6.6.6, 198.51.100.1, 10.0.0.9", 2)).toBe("198.51.100.1");
  });
  it("never reads past the left end of the chain", () => {
    expect(pickClientAddress("10.0.0.2", "198.51.100.1", 5)).toBe("198.51.100.1");
  });
});

describe("addressKey", () => {
  it("keeps IPv4, unwraps IPv4-mapped IPv6 and groups IPv6 by /64", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("[2001:db8::1]")).toBe("2001:db8:0:0::/64");
  });
  it("refuses anything that is not an address", () => {
    for (const junk of ["", "unknown", "1.2.3.4.5", "<script>", "a".repeat(500)]) expect(addressKey(junk)).toBeNull();
  });
});

describe("a proxy in front without TRUST_PROXY", () => {
  // Behind a proxy with TRUST_PROXY unset every shopper has the proxy's address: one rate-limit
  // bucket for all, and 20 failed sign-ins from anyone lock the owner out. The server says so, once.
  const peer = (ip: string) => ({ "x-mm-peer": `${process.env.MM_PEER_TOKEN} ${ip}` });

  /** A fresh server process's clientAddress (TRUST_PROXY as given), and the warnings it logged. */
  async function freshProcess(trustProxy?: string) {
    if (trustProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxy;
    jest.restoreAllMocks();
    jest.resetModules();
    setProcessState("untrustedProxyWarned", false); // kept process-wide (lib/process-state.mjs)
    const { log } = await import("@/lib/log");
    const warn = jest.spyOn(log, "warn").mockImplementation(() => {});
    const { clientAddress, UNTRUSTED_PROXY_WARNING } = await import("@/lib/net/client-address");
    const warnings = () => warn.mock.calls.filter((c) => c.includes(UNTRUSTED_PROXY_WARNING)).length;
    return { clientAddress, warnings, message: UNTRUSTED_PROXY_WARNING };
  }
  afterEach(() => {
    delete process.env.TRUST_PROXY;
    jest.restoreAllMocks();
  });

  it("warns once per process, naming TRUST_PROXY, when a loopback or private peer forwards for others", async () => {
    for (const proxy of ["127.0.0.1", "10.0.0.2", "::ffff:192.168.1.5", "fd00::5"]) {
      const server = await freshProcess();
      for (let i = 0; i < 10; i++) expect(server.clientAddress({ ...peer(proxy), "x-forwarded-for": `198.51.100.${i + 1}` })).toBe(proxy.replace("::ffff:", "").replace("fd00::5", "fd00:0:0:0::/64"));
      expect(server.warnings()).toBe(1);
      expect(server.message).toContain("TRUST_PROXY");
    }
  });

  it("stays quiet with TRUST_PROXY set, a public peer, no X-Forwarded-For, or one naming only the peer itself", async () => {
    const trusted = await freshProcess("1");
    expect(trusted.clientAddress({ ...peer("127.0.0.1"), "x-forwarded-for": "198.51.100.1" })).toBe("198.51.100.1");
    expect(trusted.warnings()).toBe(0);

    const direct = await freshProcess();
    direct.clientAddress({ ...peer("203.0.113.7"), "x-forwarded-for": "198.51.100.1" }); // a public client forging the header
    direct.clientAddress(peer("127.0.0.1")); // a local request without the header
    direct.clientAddress({ ...peer("127.0.0.1"), "x-forwarded-for": "127.0.0.1" }); // Next.js fills in the peer itself
    direct.clientAddress({ ...peer("::ffff:127.0.0.1"), "x-forwarded-for": "::ffff:127.0.0.1" });
    direct.clientAddress({ "x-forwarded-for": "198.51.100.1" }); // no front server vouching for a peer (next dev)
    expect(direct.warnings()).toBe(0);
  });
});
