import { imagesWithoutAlt, markdownToSafeHtml, personalise, renderCampaign, UNSUBSCRIBE_PLACEHOLDER } from "@/lib/newsletter/render";
import { matchOutcomes, retryAfterMs } from "@/lib/newsletter/transport";

describe("the newsletter's Markdown", () => {
  it("keeps formatting, links and images; drops raw HTML, scripts and javascript: links", () => {
    const html = markdownToSafeHtml(
      "# Hi\n\n**bold** [shop](https://maplemicron.com) ![a bowl](https://x.test/b.jpg)\n\n<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>",
    );
    expect(html).toContain("<h2>Hi</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="https://maplemicron.com" style="color:#8a4b1f">shop</a>');
    expect(html).toContain('<img src="https://x.test/b.jpg" alt="a bowl" />');
    expect(html).not.toMatch(/<script|href="javascript:|<img src="x"/);
  });

  it("finds images without a description, and never sends one without alt text", () => {
    expect(imagesWithoutAlt("![](https://x.test/a.jpg) ![ok](https://x.test/b.jpg)")).toEqual(["https://x.test/a.jpg"]);
    expect(markdownToSafeHtml("![](https://x.test/a.jpg)")).toContain('alt="Image"');
  });

  it("renders a whole message with a text part and one unsubscribe link per recipient", () => {
    const rendered = renderCampaign({
      subject: "New <pieces>",
      preheader: "pre",
      body: "Hello",
      products: [{ name: "Bowl & Co", price: "10.00", url: "https://s.test/product/bowl", imageUrl: "https://s.test/b.webp", imageAlt: null }],
    });
    expect(rendered.html).toContain("<title>New &lt;pieces&gt;</title>");
    expect(rendered.html).toContain('alt="Photo of Bowl &amp; Co"');
    expect(rendered.text).toContain("- Bowl & Co — $10.00\n  https://s.test/product/bowl");
    const mine = personalise(rendered, "https://s.test/newsletter/unsubscribe/abc?x=1&y=2");
    expect(mine.html).toContain('href="https://s.test/newsletter/unsubscribe/abc?x=1&amp;y=2"');
    expect(mine.text).toContain("Unsubscribe in one click: https://s.test/newsletter/unsubscribe/abc?x=1&y=2");
    expect(mine.html + mine.text).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
  });
});

describe("Resend's batch answers", () => {
  it("matches permissive-mode ids and errors to the emails in order", () => {
    expect(matchOutcomes(3, [{ id: "a" }, { id: "c" }], [{ index: 1, message: "Invalid `to` field." }])).toEqual([
      { ok: true, id: "a" },
      { ok: false, error: "Invalid `to` field." },
      { ok: true, id: "c" },
    ]);
  });

  it("reads Retry-After as seconds or a date, within bounds", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs(null)).toBe(1000);
    expect(retryAfterMs("0")).toBe(100);
    expect(retryAfterMs("99999")).toBe(600_000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000);
  });
});
