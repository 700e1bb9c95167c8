/** A shipment's tracking number: a link to the carrier's tracking page when there is one (new tab), else plain text; monospace either way. */
export function TrackingNumber({ number, url, linkClassName }: { number: string; url: string | null; linkClassName: string }) {
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" className={linkClassName}>
      {number}
    </a>
  ) : (
    <span className="font-mono">{number}</span>
  );
}
