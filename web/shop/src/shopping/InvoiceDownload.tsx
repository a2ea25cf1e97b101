import { API, addressOf } from '@elts/contracts';
import { ApiError, Button, downloadFile, readMemberSession } from '@elts/ui';
import { useState } from 'react';

const FAILURE = 'The invoice could not be downloaded. Please try again.';

/**
 * Download Invoice: the GST tax invoice of a shipped order (docs/decisions/0093), or of a membership payment. The
 * session goes as a header, so it is fetched and saved rather than linked. Its own small piece, so the order page
 * and the order history card each take it in one line.
 */
export function InvoiceDownload({ path, fileName, label = 'Download Invoice' }: { path: string; fileName: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  async function download() {
    setBusy(true);
    setFailure(undefined);
    try {
      await downloadFile(path, { token: readMemberSession().token, accept: 'application/pdf', fallbackName: fileName, failure: FAILURE });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : FAILURE);
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="inline-flex flex-col gap-1">
      <Button variant="secondary" size="sm" busy={busy} onClick={() => void download()}>
        {label}
      </Button>
      {failure && (
        <span role="alert" className="text-sm font-semibold text-red-700">
          {failure}
        </span>
      )}
    </span>
  );
}

/** The order's invoice, once its goods have shipped (it is issued then); nothing before. */
export function OrderInvoiceDownload({ orderId, shipped }: { orderId: string; shipped: boolean }) {
  if (!shipped) return null;
  return <InvoiceDownload path={addressOf(API.memberOrderInvoicePdf, { params: { orderId } })} fileName={`invoice-${orderId}.pdf`} />;
}
