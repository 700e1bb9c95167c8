import { PrintButton } from "@/components/admin/print-button";
import { formatDate } from "@/components/admin/format";
import type { OrderDTO } from "@/lib/orders/admin-service";
import { site } from "@/lib/site";

type Address = { line1?: string; line2?: string | null; city?: string; state?: string; postalCode?: string; country?: string };

function AddressLines({ name, address }: { name: string; address: Address }) {
  return (
    <address className="text-base leading-snug not-italic">
      <span className="font-semibold">{name}</span>
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {[address.city, [address.state, address.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
      {address.country && (
        <>
          <br />
          {address.country}
        </>
      )}
    </address>
  );
}

/** One sheet of paper: the order number large, from/to, what is in the box. No prices. */
export function PackingSlip({ order }: { order: OrderDTO }) {
  const shipTo = (order.shippingAddress ?? {}) as Address;
  // What goes in the box: the goods (a gift card is sent by email, never packed).
  const packed = order.items.filter((i) => !i.giftCard);
  const units = packed.reduce((sum, i) => sum + i.quantity, 0);
  return (
    <main className="mx-auto my-8 max-w-3xl bg-white p-10 text-black shadow-sm print:m-0 print:max-w-none print:p-0 print:shadow-none" data-testid="packing-slip">
      <div className="mb-6 flex items-center justify-between gap-4 print:hidden">
        <p className="text-sm text-neutral-600">Packing slip — use your browser&apos;s print dialog, or:</p>
        <PrintButton />
      </div>
      <header className="flex flex-wrap items-start justify-between gap-6 border-b-2 border-black pb-6">
        <div>
          <p className="text-2xl font-semibold">{site.name}</p>
          <AddressLines name={site.maker} address={site.address} />
          <p className="mt-1 text-sm">{site.email}</p>
        </div>
        <div className="text-right">
          <p className="text-sm tracking-widest uppercase">Packing slip</p>
          <p className="font-mono text-4xl leading-tight font-bold break-all" data-testid="packing-slip-number">
            {order.orderNumber}
          </p>
          <p className="text-sm">Ordered {formatDate(order.createdAt)}</p>
        </div>
      </header>

      <section className="grid gap-6 py-6 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h2 className="mb-1 text-sm font-semibold tracking-widest uppercase">Ship to</h2>
          <AddressLines name={`${order.firstName} ${order.lastName}`} address={shipTo} />
          {order.phone && <p className="mt-1 text-sm">{order.phone}</p>}
        </div>
        <div>
          <h2 className="mb-1 text-sm font-semibold tracking-widest uppercase">Shipping</h2>
          <p>{order.shippingService.replaceAll("_", " ")}</p>
          {order.trackingNumber && (
            <p className="font-mono text-sm">
              {order.carrier} {order.trackingNumber}
            </p>
          )}
        </div>
      </section>

      <table className="w-full border-collapse text-base">
        <thead>
          <tr className="border-b-2 border-black text-left">
            <th scope="col" className="w-20 py-2 text-center">
              Qty
            </th>
            <th scope="col" className="py-2">
              Item
            </th>
            <th scope="col" className="w-16 py-2 text-center">
              <span className="sr-only">Packed</span>✓
            </th>
          </tr>
        </thead>
        <tbody>
          {packed.map((item, i) => (
            <tr key={`${item.id}-${i}`} className="border-b border-neutral-400" data-testid="packing-slip-item">
              <td className="py-3 text-center text-xl font-semibold">{item.quantity}</td>
              <td className="py-3">
                {item.name}
                {item.variantSku && <span className="block text-sm text-neutral-600">SKU {item.variantSku}</span>}
              </td>
              <td className="py-3 text-center">
                <span aria-hidden="true" className="inline-block size-5 border-2 border-black" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-right text-sm">
        {units} {units === 1 ? "item" : "items"}
      </p>

      <footer className="mt-10 border-t pt-4 text-sm">Thank you for supporting a one-person workshop. Questions about your order? Write to {site.email}.</footer>
    </main>
  );
}
