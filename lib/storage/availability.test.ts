import { uploadsUnavailableReason } from "@/lib/storage/availability";

describe("uploadsUnavailableReason: uploads need UploadThing on Vercel's read-only disk", () => {
  it.each([
    ["self-hosted, local disk", {}, null],
    ["self-hosted with UploadThing", { UPLOADTHING_TOKEN: "tok" }, null],
    ["Vercel with UploadThing", { VERCEL: "1", UPLOADTHING_TOKEN: "tok" }, null],
  ])("%s → uploads work", (_label, environment, expected) => {
    expect(uploadsUnavailableReason(environment)).toBe(expected);
  });

  it("Vercel without UPLOADTHING_TOKEN says which variable to set", () => {
    expect(uploadsUnavailableReason({ VERCEL: "1", VERCEL_ENV: "preview", UPLOADTHING_TOKEN: " " })).toContain("Set UPLOADTHING_TOKEN");
  });
});
