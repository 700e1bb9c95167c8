import { test, expect, type APIRequestContext, type Page } from "./test";
import { site } from "../../lib/site";

/**
 * The storefront shell (header, search, categories menu, footer, newsletter)
 * and the static pages: home, contact, my story, privacy, terms and the 404.
 * Categories come from the public API so the tests follow the demo catalogue.
 */

type ApiCategory = { name: string; slug: string; description: string | null };

async function apiCategories(request: APIRequestContext): Promise<ApiCategory[]> {
  const res = await request.get("/api/categories");
  expect(res.ok()).toBeTruthy();
  const categories = (await res.json()) as ApiCategory[];
  expect(categories.length).toBeGreaterThan(0);
  return categories;
}

const header = (page: Page) => page.getByRole("banner");
const mainNav = (page: Page) => header(page).getByRole("navigation", { name: "Main" });
const footer = (page: Page) => page.getByRole("contentinfo");
const form = (page: Page) => page.locator("main").getByRole("region", { name: "Send a message" });
/** The toast currently on screen with this exact text (older toasts may still be in the DOM, hidden). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true }).first();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("home page", () => {
  test("has the brand title, meta description, hero links and the craft offerings", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(site.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /free shipping on orders over \$100/i);

    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByRole("link", { name: "Shop the Collection" })).toHaveAttribute("href", "/shop");
    await expect(main.getByRole("link", { name: "Read My Story" })).toHaveAttribute("href", "/my-story");
    await expect(main.getByRole("link", { name: /Visit the Gallery/ })).toHaveAttribute("href", "/gallery");

    const crafts = main.getByRole("region", { name: "Two crafts, one bench" });
    for (const craft of ["Hand-turned bowls", "Furniture", "Home decor", "Precision 3D-printed jigs & tools"]) {
      await expect(crafts.getByRole("heading", { name: craft, exact: true })).toBeVisible();
    }
  });

  test("hero buttons navigate to the shop and the story", async ({ page }) => {
    await page.goto("/");
    await page.locator("main").getByRole("link", { name: "Read My Story" }).click();
    await expect(page).toHaveURL(/\/my-story$/);
    await page.goto("/");
    await page.locator("main").getByRole("link", { name: "Shop the Collection" }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test("shows the featured products grid with product cards", async ({ page, request }) => {
    const res = await request.get("/api/products?featured=true&limit=8");
    expect(res.ok()).toBeTruthy();
    const { products } = (await res.json()) as { products: Array<{ name: string; slug: string }> };

    await page.goto("/");
    const featured = page.getByRole("region", { name: "Featured Pieces" });
    await expect(featured).toBeVisible();
    if (products.length === 0) {
      await expect(featured.getByText("No featured products available")).toBeVisible();
      return;
    }
    await expect(featured.getByRole("article")).toHaveCount(products.length);
    await expect(featured.getByText(products[0].name, { exact: true }).first()).toBeVisible();
    await expect(featured.locator(`a[href="/product/${products[0].slug}"]`).first()).toBeVisible();
    await expect(featured.getByText("No featured products available")).toHaveCount(0);
  });

  test("category cards show every active category and link to its listing", async ({ page, request }) => {
    const categories = await apiCategories(request);
    await page.goto("/");
    const section = page.getByRole("region", { name: "Shop by Category" });
    for (const category of categories) {
      const card = section.getByRole("link", { name: category.name, exact: true });
      await expect(card).toHaveAttribute("href", `/shop/${category.slug}`);
      await expect(card.getByRole("img")).toHaveCount(0); // decorative image: alt=""
      if (category.description) await expect(card.getByText(category.description)).toBeAttached();
    }
    await section.getByRole("link", { name: categories[0].name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${escapeRegExp(categories[0].slug)}$`));
  });

  test("shows the Product Not Found notice only with ?product-not-found=true", async ({ page }) => {
    await page.goto("/?product-not-found=true");
    const notice = page.getByRole("status").filter({ hasText: "Product Not Found" });
    await expect(notice.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await expect(notice.getByText("Sorry I can't find that product, but here are some others you might like.", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Featured Pieces" })).toBeVisible();

    await notice.getByRole("button", { name: "Dismiss notice" }).click();
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toHaveCount(0);

    await page.goto("/");
    await expect(page.getByRole("region", { name: "Featured Pieces" })).toBeVisible();
    await expect(page.getByText("Sorry I can't find that product")).toHaveCount(0);

    await page.goto("/?product-not-found=false");
    await expect(page.getByRole("region", { name: "Featured Pieces" })).toBeVisible();
    await expect(page.getByText("Sorry I can't find that product")).toHaveCount(0);
  });

  test("the skip link is the first stop for keyboard users and jumps to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });
});

test.describe("navigation bar", () => {
  test("logo, admin and cart buttons", async ({ page }) => {
    await page.goto("/contact");
    const logo = header(page).getByRole("link", { name: site.name, exact: true });
    await expect(logo).toHaveAttribute("href", "/");
    await expect(header(page).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
    const cart = header(page).getByRole("button", { name: "Cart", exact: true });
    await expect(cart).toBeVisible();
    await expect(cart.getByTestId("cart-count")).toHaveText("0");
    await expect(cart).toHaveAccessibleDescription("0 items in your cart");
    await logo.click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const [label, path] of [
    ["Shop All", "/shop"],
    ["My Story", "/my-story"],
    ["Gallery", "/gallery"],
    ["Commissions", "/commission"],
    ["Contact", "/contact"],
  ] as const) {
    test(`"${label}" navigates to ${path}`, async ({ page }) => {
      await page.goto("/privacy");
      await mainNav(page).getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(mainNav(page).getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    });
  }

  test("the Categories dropdown lists every category and navigates", async ({ page, request }) => {
    const categories = await apiCategories(request);
    await page.goto("/");
    const trigger = mainNav(page).getByRole("button", { name: "Categories" });
    await trigger.click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    for (const category of categories) {
      await expect(menu.getByRole("menuitem", { name: category.name, exact: true })).toHaveAttribute("href", `/shop/${category.slug}`);
    }
    const target = categories[categories.length - 1];
    await menu.getByRole("menuitem", { name: target.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${escapeRegExp(target.slug)}$`));
  });

  test("the Categories dropdown works from the keyboard", async ({ page, request }) => {
    const [first] = await apiCategories(request);
    await page.goto("/");
    await mainNav(page).getByRole("button", { name: "Categories" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: first.name, exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(mainNav(page).getByRole("button", { name: "Categories" })).toBeFocused();
  });

  test("search with Enter goes to /shop?search=term and closes the form", async ({ page }) => {
    await page.goto("/");
    await header(page).getByRole("button", { name: "Toggle search" }).click();
    const box = header(page).getByRole("combobox", { name: "Search products" });
    await expect(box).toBeFocused();
    await box.fill("  walnut bowl  ");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/shop\?search=walnut(\+|%20)bowl$/);
    await expect(header(page).getByRole("combobox")).toHaveCount(0);

    // Reopened, the form is empty again.
    await header(page).getByRole("button", { name: "Toggle search" }).click();
    await expect(header(page).getByRole("combobox", { name: "Search products" })).toHaveValue("");
  });

  test("search with the Search button, and the close button", async ({ page }) => {
    await page.goto("/my-story");
    await header(page).getByRole("button", { name: "Toggle search" }).click();
    await header(page).getByRole("combobox", { name: "Search products" }).fill("jig");
    await header(page).getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?search=jig$/);
    await expect(header(page).getByRole("combobox")).toHaveCount(0);

    await header(page).getByRole("button", { name: "Toggle search" }).click();
    await header(page).getByRole("combobox", { name: "Search products" }).fill("maple");
    await header(page).getByRole("button", { name: "Close search", exact: true }).click();
    await expect(header(page).getByRole("combobox")).toHaveCount(0);
    await expect(page).toHaveURL(/\/shop\?search=jig$/);
  });

  test("blank search input is ignored", async ({ page }) => {
    await page.goto("/contact");
    await header(page).getByRole("button", { name: "Toggle search" }).click();
    const box = header(page).getByRole("combobox", { name: "Search products" });
    await box.fill("   ");
    await header(page).getByRole("button", { name: "Search", exact: true }).click();
    await box.press("Enter");
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/contact$/);
    await expect(box).toBeVisible();
    // Escape closes the form.
    await box.press("Escape");
    await expect(header(page).getByRole("combobox")).toHaveCount(0);
  });
});

test.describe("footer", () => {
  test("badge, blurb, shop list, support, legal links, social links and copyright", async ({ page, request }) => {
    const categories = await apiCategories(request);
    await page.goto("/");
    const f = footer(page);
    await expect(f.getByText("FREE Shipping on orders over $100", { exact: true })).toBeVisible();
    await expect(f.getByText(site.blurb)).toBeVisible();
    await expect(f.getByText(`© ${site.copyrightYear} ${site.name}`)).toBeVisible();

    await expect(f.getByRole("link", { name: "All Products", exact: true })).toHaveAttribute("href", "/shop");
    for (const category of categories) {
      await expect(f.getByRole("link", { name: category.name, exact: true })).toHaveAttribute("href", `/shop/${category.slug}`);
    }
    await expect(f.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expect(f.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(f.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(f.getByRole("heading", { name: "Stay Updated" })).toBeVisible();

    for (const social of site.social) {
      const link = f.getByRole("link", { name: new RegExp(social.label) });
      await expect(link).toHaveAttribute("href", social.href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("legal links navigate", async ({ page }) => {
    await page.goto("/");
    await footer(page).getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await footer(page).getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await footer(page).getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("newsletter: an invalid email shows 'Invalid Email' and sends no request", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/newsletter/subscribe")) posts.push(req.method());
    });
    await page.goto("/");
    const f = footer(page);
    const email = f.getByLabel("Email address");

    await f.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Invalid Email", { exact: true })).toBeVisible();
    await expect(page.getByText("Please enter a valid email address.", { exact: true })).toBeVisible();

    await email.fill("not-an-email");
    await email.press("Enter");
    await expect(toastText(page, "Invalid Email")).toBeVisible();
    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    await expect(email).toHaveValue("not-an-email");
  });

  test("newsletter: a valid email subscribes and clears the field", async ({ page }) => {
    const address = `e2e-footer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await page.goto("/");
    const f = footer(page);
    const email = f.getByLabel("Email address");
    await email.fill(address);
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.url().includes("/api/newsletter/subscribe") && res.request().method() === "POST"),
      f.getByRole("button", { name: "Subscribe" }).click(),
    ]);
    expect(response.ok()).toBeTruthy();
    expect(response.request().postDataJSON()).toEqual({ email: address });
    await expect(page.getByText("Successfully Subscribed!", { exact: true })).toBeVisible();
    await expect(page.getByText("Thank you for subscribing to our newsletter. Check your inbox to confirm.", { exact: true })).toBeVisible();
    await expect(email).toHaveValue("");
  });

  test("newsletter: a failed request shows 'Subscription Failed' and keeps the email", async ({ page }) => {
    await page.route("**/api/newsletter/subscribe", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }));
    await page.goto("/");
    const f = footer(page);
    const email = f.getByLabel("Email address");
    await email.fill("someone@example.com");
    await f.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Subscription Failed", { exact: true })).toBeVisible();
    await expect(page.getByText("Please try again later.", { exact: true })).toBeVisible();
    await expect(email).toHaveValue("someone@example.com");
  });
});

test.describe("contact page", () => {
  test("shows the workshop address, phone, email and the map", async ({ page }) => {
    await page.goto("/contact");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByText(site.address.line1).first()).toBeVisible();
    await expect(main.getByRole("link", { name: site.phone })).toHaveAttribute("href", /^tel:/);
    await expect(main.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    const map = main.locator("iframe");
    await expect(map).toHaveAttribute("title", /Map/);
    await expect(map).toHaveAttribute("src", site.mapEmbedUrl);
    await expect(page).toHaveTitle(/Contact/);
  });

  test("the Send button waits for the form's code: disabled in the server's HTML, enabled once hydrated", async ({ page, request }) => {
    // A click on the bare HTML form would submit it natively: a reload with the fields in the address.
    const html = await (await request.get("/contact")).text();
    const button = html.slice(html.lastIndexOf("<button", html.indexOf("Send Message")), html.indexOf("Send Message"));
    expect(button).toMatch(/^<button[^>]*type="submit"/);
    expect(button).toMatch(/\sdisabled=""/);
    await page.goto("/contact");
    await expect(form(page).getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("submitting empty shows the four validation messages", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/contact")) posts.push(req.method());
    });
    await page.goto("/contact");
    await form(page).getByRole("button", { name: "Send Message" }).click();
    for (const message of ["Name must be at least 2 characters", "Please enter a valid email address", "Subject must be at least 5 characters", "Message must be at least 10 characters"]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form(page).getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(form(page).getByLabel("Name")).toHaveAccessibleDescription("Name must be at least 2 characters");
    await expect(form(page).getByLabel("Phone")).toHaveAttribute("aria-invalid", "false");
    expect(posts).toEqual([]);

    // Messages clear as the fields become valid.
    await form(page).getByLabel("Name").fill("Jo");
    await expect(page.getByText("Name must be at least 2 characters")).toHaveCount(0);
  });

  test("a valid message is sent, confirmed with a toast and the form resets", async ({ page }) => {
    await page.goto("/contact");
    const fields = {
      Name: "Avery Lindqvist",
      Email: "avery.e2e@example.com",
      Phone: "(828) 555-0199",
      Subject: "Custom walnut bowl",
      Message: "Could you turn a 12 inch walnut salad bowl for a wedding in June?",
    };
    for (const [label, value] of Object.entries(fields)) await form(page).getByLabel(label).fill(value);

    const [response] = await Promise.all([
      page.waitForResponse((res) => res.url().includes("/api/contact") && res.request().method() === "POST"),
      form(page).getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(response.ok()).toBeTruthy();
    expect(response.request().postDataJSON()).toMatchObject({ name: fields.Name, email: fields.Email, subject: fields.Subject, message: fields.Message });
    await expect(page.getByText("Message sent!", { exact: true })).toBeVisible();
    await expect(page.getByText("Thank you for your message. We'll get back to you soon.", { exact: true })).toBeVisible();
    for (const label of Object.keys(fields)) await expect(form(page).getByLabel(label)).toHaveValue("");
  });

  test("shows 'Sending...' while pending and an error toast on failure", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Something went wrong. Please try again."}' });
    });
    await page.goto("/contact");
    await form(page).getByLabel("Name").fill("Avery Lindqvist");
    await form(page).getByLabel("Email").fill("avery.e2e@example.com");
    await form(page).getByLabel("Subject").fill("Question about a jig");
    await form(page).getByLabel("Message").fill("Does the dowel jig fit 3/8 inch bits?");
    await form(page).getByRole("button", { name: "Send Message" }).click();
    const pending = page.getByRole("button", { name: "Sending..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    await expect(page.getByText("Failed to send message. Please try again.", { exact: true })).toBeVisible();
    await expect(page.getByText("Error", { exact: true })).toBeVisible();
    await expect(form(page).getByLabel("Name")).toHaveValue("Avery Lindqvist");
  });
});

test.describe("static pages", () => {
  test("my story tells the maker's story and links to the shop", async ({ page }) => {
    await page.goto("/my-story");
    await expect(page).toHaveTitle(/My Story/);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByText(site.maker).first()).toBeVisible();
    await expect(main.getByRole("heading", { name: "Why a woodworker owns a 3D printer" })).toBeVisible();
    await main.getByRole("link", { name: "Visit the Shop" }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test("privacy policy", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page).toHaveTitle(/Privacy Policy/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.locator("main").getByText(site.email).first()).toBeVisible();
  });

  test("terms state the return window, custom items, return shipping and warranty", async ({ page }) => {
    await page.goto("/terms");
    await expect(page).toHaveTitle(/Terms of Service/);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(main.getByText(/30-day return window/).first()).toBeVisible();
    await expect(main.getByText(/Custom items are non-returnable/).first()).toBeVisible();
    await expect(main.getByText(/customer pays return shipping/).first()).toBeVisible();
    await expect(main.getByText(/one-year warranty/).first()).toBeVisible();
    await expect(main.getByRole("heading", { name: /One-year warranty/ })).toBeVisible();
  });

  test("an unknown path shows '404 Page Not Found' with status 404, inside the shop header and footer", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist-e2e");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: site.name, exact: true })).toBeVisible();
    await expect(footer(page).getByText("FREE Shipping on orders over $100", { exact: true })).toBeVisible();
    await page.locator("main").getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a deeper unknown path also returns 404", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Browse the Shop" })).toHaveAttribute("href", "/shop");
  });
});
