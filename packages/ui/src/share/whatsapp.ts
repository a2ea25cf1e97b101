/** A WhatsApp share link that opens the app (or WhatsApp Web) with `text` and `url` ready to send. */
export function whatsAppShareLink(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}
