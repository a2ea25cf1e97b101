import { escapeHtml } from '@elts/contracts';

/**
 * What a confirmation link opens: a page for a person, not the API's envelope, since it is reached from a mail
 * client or a text message. Plain and self-contained: no script, and style attributes only (the gateway's policy allows no inline
 * style sheet).
 */
export function contactChangePage(outcome: { confirmed: boolean; message: string; channel: 'email' | 'mobile' }): string {
  const title = outcome.confirmed
    ? outcome.channel === 'email'
      ? 'Email address confirmed'
      : 'Mobile number confirmed'
    : 'Link not valid';
  return personPage(
    title,
    `<p style="line-height:1.5">${escapeHtml(outcome.message)}</p>
<p><a href="/profile">Go to your profile</a></p>`,
  );
}

/** A page for a person arriving from a mail client or a phone: the title, then `content` (already escaped HTML). */
export function personPage(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${escapeHtml(title)} - ELTS Club</title>
</head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#f7f7f8;color:#111">
<main style="max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:1rem">
<h1 style="font-size:1.5rem;margin:0 0 1rem">${escapeHtml(title)}</h1>
${content}
</main>
</body>
</html>`;
}
