/**
 * A postal address as the account shows it (a saved address, an order's shipping and billing
 * addresses): its lines from src/lib (`addressLines`, one a span), then the VAT number when given.
 */
import { addressLines, countryName } from '../../lib/account/orders';

export function AddressBlock({ address, vatId }: { address: Parameters<typeof addressLines>[0]; vatId?: string | null }) {
  return (
    <address className="acc-address">
      {addressLines(address, countryName).map((l, i) => (
        <span key={i}>{l}</span>
      ))}
      {vatId ? <span>{vatId}</span> : null}
    </address>
  );
}
