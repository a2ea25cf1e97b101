import { escapeHtml, formatRupees } from '@elts/contracts';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/pay/simulator/simulator.css" />
</head>
<body>
<main>
<p class="badge">Payment simulator: no real money moves</p>
${body}
</main>
</body>
</html>`;
}

const methods = `<fieldset>
<legend>Pay with</legend>
<label><input type="radio" name="method" value="upi" checked /> UPI</label>
<label><input type="radio" name="method" value="card" /> Card</label>
<label><input type="radio" name="method" value="netbanking" /> Net banking</label>
</fieldset>`;

export function checkoutPage(session: {
  sessionId: string;
  orderId: string;
  amountPaise: number;
  note: string;
  returnUrl: string;
  paid: boolean;
  closed: string | null;
}): string {
  if (session.paid) {
    return page(
      'Already paid',
      `<h1>This order is paid</h1><p>Order ${escapeHtml(session.orderId)}</p><a class="button" href="${escapeHtml(session.returnUrl)}">Back to the shop</a>`,
    );
  }
  if (session.closed) return closedPage('payment', session.closed, session.returnUrl);
  return page(
    `Pay ${formatRupees(session.amountPaise)}`,
    `<h1>Pay ${escapeHtml(formatRupees(session.amountPaise))}</h1>
<p>${escapeHtml(session.note)}</p>
<p class="muted">Order ${escapeHtml(session.orderId)}</p>
<form method="post" action="/pay/simulator/sessions/${escapeHtml(session.sessionId)}">
${methods}
<button type="submit" name="outcome" value="success" class="button primary">Pay ${escapeHtml(formatRupees(session.amountPaise))}</button>
<button type="submit" name="outcome" value="failure" class="button">Make the payment fail</button>
<button type="submit" name="outcome" value="cancel" class="button">Cancel the payment</button>
</form>
<p><a href="${escapeHtml(session.returnUrl)}">Leave without paying</a> (the payment is abandoned and times out by itself)</p>`,
  );
}

export function mandatePage(session: {
  sessionId: string;
  subscriptionId: string;
  amountPaise: number;
  maxAmountPaise: number;
  /** Why the mandate takes no decision any more (approved, declined, expired, cancelled), or null while open. */
  closed: string | null;
  returnUrl: string;
}): string {
  if (session.closed) return closedPage('mandate', session.closed, session.returnUrl);
  return page(
    'Authorise UPI AutoPay',
    `<h1>Authorise UPI AutoPay</h1>
<dl>
<dt>First payment, today</dt><dd>${escapeHtml(formatRupees(session.amountPaise))}</dd>
<dt>Then, once a year</dt><dd>up to ${escapeHtml(formatRupees(session.maxAmountPaise))}, with a notice a day before</dd>
<dt>Mandate</dt><dd>${escapeHtml(session.subscriptionId)}</dd>
</dl>
<form method="post" action="/pay/simulator/mandates/${escapeHtml(session.sessionId)}">
<label for="upi">UPI ID</label>
<input id="upi" name="upi_id" type="text" placeholder="name@upi" maxlength="60" />
<button type="submit" name="outcome" value="success" class="button primary">Approve the mandate</button>
<button type="submit" name="outcome" value="failure" class="button">Decline the mandate</button>
<button type="submit" name="outcome" value="cancel" class="button">Cancel</button>
</form>
<p><a href="${escapeHtml(session.returnUrl)}">Leave without deciding</a></p>`,
  );
}

/**
 * What the gateway answers when a link that was already decided, cancelled or expired is used again: nothing is
 * debited, and the person is sent back to start over (as Cashfree's checkout refuses a closed order or mandate).
 */
export function closedPage(what: 'payment' | 'mandate', reason: string, returnUrl: string): string {
  const noun = what === 'payment' ? 'This payment' : 'This mandate';
  return page(
    `${noun} is closed`,
    `<h1>${noun} is ${escapeHtml(reason)}</h1>
<p>It can no longer be ${what === 'payment' ? 'paid' : 'approved'}, and nothing was debited. Please start again from the shop.</p>
<a class="button" href="${escapeHtml(returnUrl)}">Back to the shop</a>`,
  );
}

export function notFoundPage(): string {
  return page('Not found', '<h1>This payment link is not valid</h1><p>It may have expired. Please start the payment again.</p>');
}

export const SIMULATOR_CSS = `body{font-family:system-ui,sans-serif;background:#f5f3ef;color:#1c1917;margin:0}
main{max-width:26rem;margin:6vh auto;padding:2rem;background:#fff;border-radius:1rem;box-shadow:0 4px 24px #0001}
h1{font-size:1.5rem;margin:.5rem 0}.muted{color:#57534e;font-size:.9rem}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.2rem .7rem;font-size:.8rem;font-weight:600}
fieldset{border:1px solid #d6d3d1;border-radius:.6rem;margin:1rem 0;padding:.7rem 1rem}fieldset label{display:block;padding:.3rem 0}
label[for]{display:block;font-weight:600;margin-top:1rem}input[type=text]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #a8a29e;border-radius:.5rem;font-size:1rem}
.button{display:block;width:100%;margin-top:.7rem;padding:.8rem;border:1px solid #1c1917;border-radius:.5rem;background:#fff;font-size:1rem;font-weight:600;text-align:center;color:#1c1917;text-decoration:none;cursor:pointer}
.button.primary{background:#1c1917;color:#fff}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#57534e}dd{margin:0;font-weight:600}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;
