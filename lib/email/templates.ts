import { site } from "@/lib/site";

/** Escapes text for the HTML part of an email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:Georgia,serif;background:#faf7f2;color:#2b2118;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #eadfce;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="color:#7a6a58;font-size:12px;margin-top:24px">${escapeHtml(site.name)} · ${escapeHtml(site.address.city)}, ${escapeHtml(site.address.state)}</p>
</div></body></html>`;
}

export function contactNotificationEmail(msg: { name: string; email: string; phone?: string | null; subject: string; message: string }) {
  const lines = [
    `From: ${msg.name} <${msg.email}>`,
    ...(msg.phone ? [`Phone: ${msg.phone}`] : []),
    `Subject: ${msg.subject}`,
    "",
    msg.message,
  ];
  const html = layout(
    `New message: ${msg.subject}`,
    `<p><strong>From:</strong> ${escapeHtml(msg.name)} &lt;${escapeHtml(msg.email)}&gt;</p>` +
      (msg.phone ? `<p><strong>Phone:</strong> ${escapeHtml(msg.phone)}</p>` : "") +
      `<p style="white-space:pre-wrap">${escapeHtml(msg.message)}</p>`,
  );
  return { subject: `[Contact] ${msg.subject}`, text: lines.join("\n"), html };
}

export function newsletterWelcomeEmail() {
  const text = `Thanks for subscribing to the ${site.name} newsletter. You'll hear about new one-of-a-kind pieces and new printed tools first.`;
  return { subject: `Welcome to the ${site.name} newsletter`, text, html: layout("You're subscribed", `<p>${escapeHtml(text)}</p>`) };
}
