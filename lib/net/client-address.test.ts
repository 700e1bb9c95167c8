import { addressKey, pickClientAddress } from "@/lib/net/client-address";

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
