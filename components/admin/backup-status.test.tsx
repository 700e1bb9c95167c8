import { renderToStaticMarkup } from "react-dom/server";
import { BackupStatus } from "@/components/admin/backup-status";

describe("dashboard backup status", () => {
  it("shows the last backup's time in the workshop's time zone and how many images it holds", () => {
    const html = renderToStaticMarkup(<BackupStatus last={{ createdAt: "2026-11-23T14:05:00.000Z", uploads: 3 }} timeZone="America/New_York" />);
    expect(html).toContain("Last backup:");
    expect(html).toContain('<time dateTime="2026-11-23T14:05:00.000Z">Nov 23, 2026, 9:05 AM</time>');
    expect(html).toContain("database and 3 uploaded images");
  });

  it("shows it in the zone the shop is set to", () => {
    const html = renderToStaticMarkup(<BackupStatus last={{ createdAt: "2026-11-23T14:05:00.000Z", uploads: 3 }} timeZone="Europe/Berlin" />);
    expect(html).toContain('<time dateTime="2026-11-23T14:05:00.000Z">Nov 23, 2026, 3:05 PM</time>');
  });

  it("says when there is no backup yet and how to make one", () => {
    const html = renderToStaticMarkup(<BackupStatus last={null} timeZone="America/New_York" />);
    expect(html).toContain("No backup yet.");
    expect(html).toContain("npm run backup");
  });
});
