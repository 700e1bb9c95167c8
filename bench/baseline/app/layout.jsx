// The bench's yardstick: a bare Next.js app (same Next version as the shop) with one static page.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
