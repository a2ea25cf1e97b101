import { API, addressOf } from '@elts/contracts';
import { ApiError, Button, downloadFile, readAdminToken, useToast } from '@elts/ui';
import { useState } from 'react';
import { failureText, signOutToLogin } from '../../api/admin-request.js';

const FAILURE = 'Failed to download the invoice';

/** A shipped order's GST tax invoice, for operators (docs/decisions/0093): it is issued when the goods ship. */
export function InvoiceButton({ orderId }: { orderId: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(addressOf(API.adminOrderInvoicePdf, { params: { orderId } }), {
        token: readAdminToken(),
        accept: 'application/pdf',
        fallbackName: `invoice-${orderId}.pdf`,
        failure: FAILURE,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) signOutToLogin();
      else toast({ tone: 'error', message: failureText(error, FAILURE) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" busy={busy} onClick={() => void download()} aria-label={`Download invoice of order ${orderId}`}>
      Invoice
    </Button>
  );
}
