/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NewsletterComposer } from "@/components/admin/newsletter-composer";

describe("the newsletter preview (item 9)", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it("shows the rendered message in a frame sandboxed with no permissions: no script, form, popup or same-origin access", async () => {
    const html = "<h1>New pieces</h1><script>parent.document.title = 'owned'</script>";
    // jsdom has no fetch or Response: what the composer reads of the answer.
    global.fetch = jest.fn(async () => ({ ok: true, json: async () => ({ html }) })) as unknown as typeof fetch;
    render(<NewsletterComposer products={[]} adminEmail="maker@example.com" confirmed={3} />);
    await userEvent.click(screen.getByRole("button", { name: "Preview" }));
    const frame = await screen.findByTitle("Newsletter preview at desktop width");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe(""); // present and empty: every restriction applies
    expect(frame.getAttribute("srcdoc")).toBe(html);
    expect(global.fetch).toHaveBeenCalledWith("/api/admin/newsletter/preview", expect.objectContaining({ method: "POST" }));
  });
});
