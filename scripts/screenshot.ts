/**
 * Dev tool: full-page screenshot of a URL in Chromium.
 *   npx tsx scripts/screenshot.ts http://localhost:3000/shop /tmp/shop.png [width=1280]
 */
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const [url, out, width = "1280"] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: tsx scripts/screenshot.ts URL OUT.png [width]");
  process.exit(2);
}
const executablePath = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
const browser = await chromium.launch({
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(width) < 600 ? 844 : 900 } });
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
console.log(`saved ${out}`);
