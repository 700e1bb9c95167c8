import { dayInZone, isTimeZone, startOfDayInZone, wallTimeInZone } from "@/lib/catalog/time-zone";

describe("the shop's time zone", () => {
  it("knows IANA names and refuses offsets, abbreviations and junk", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    for (const bad of ["", "EST5EDT\u0000", "+02:00", "Mars/Olympus", 42, null]) expect(isTimeZone(bad)).toBe(false);
  });

  it("a day starts at the zone's midnight, across a change of clocks too", () => {
    expect(startOfDayInZone("2026-01-15", "America/New_York").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(startOfDayInZone("2026-07-15", "America/New_York").toISOString()).toBe("2026-07-15T04:00:00.000Z");
    // New York changes clocks at 2 a.m. on 8 March 2026: midnight is still EST.
    expect(startOfDayInZone("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(dayInZone(new Date("2026-03-08T04:59:59Z"), "America/New_York")).toBe("2026-03-07");
  });

  it("a time typed in the admin means the shop's wall clock, whatever the browser's zone", () => {
    expect(wallTimeInZone("2026-12-01T09:30", "America/New_York")?.toISOString()).toBe("2026-12-01T14:30:00.000Z");
    expect(wallTimeInZone("2026-07-01T09:30", "America/New_York")?.toISOString()).toBe("2026-07-01T13:30:00.000Z");
    expect(wallTimeInZone("2026-12-01T09:30", "Europe/Berlin")?.toISOString()).toBe("2026-12-01T08:30:00.000Z");
    expect(wallTimeInZone("2026-12-01T09:30", "UTC")?.toISOString()).toBe("2026-12-01T09:30:00.000Z");
    // 2:30 a.m. on 8 March 2026 does not exist in New York: the first minute after the gap.
    expect(wallTimeInZone("2026-03-08T02:30", "America/New_York")?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
  });

  it("refuses what is not a date and time", () => {
    for (const bad of ["", "2026-02-30T10:00", "2026-12-01T24:00", "2026-12-01 09:30", "tomorrow", "2026-12-01T09:60"]) expect(wallTimeInZone(bad, "America/New_York")).toBeNull();
  });
});

describe("a day that starts in a gap", () => {
  it("Santiago skips midnight on 6 September 2026: the day starts at 1 a.m., the end of the gap", () => {
    expect(startOfDayInZone("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
  });
});
