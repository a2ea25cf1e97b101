import { inflateSync } from 'node:zlib';

/**
 * The content streams of a PDF our services write (payments' invoices and credit notes), joined, each inflated when
 * it is FlateDecode-compressed (PDF 1.7 section 7.4.4), as a viewer reads them. Each stream's bytes are taken by its
 * direct `/Length`, which is how our writer gives it, and the search goes on after them, so compressed bytes that
 * happen to look like PDF syntax are never read as such.
 */
export function pdfContent(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streamStart = /obj\s*(<<(?:(?!endobj)[\s\S])*?>>)\s*stream\r?\n/g;
  const streams: string[] = [];
  for (let match = streamStart.exec(raw); match; match = streamStart.exec(raw)) {
    const dictionary = match[1]!;
    const length = /\/Length (\d+)\b/.exec(dictionary)?.[1];
    if (length === undefined) throw new Error('a PDF stream without a direct /Length');
    const start = match.index + match[0].length;
    const bytes = pdf.subarray(start, start + Number(length));
    streams.push((/\/Filter\s*\/FlateDecode\b/.test(dictionary) ? inflateSync(bytes) : bytes).toString('latin1'));
    streamStart.lastIndex = start + Number(length);
  }
  return streams.join('\n');
}

/** The text a PDF of ours shows, one `Tj` string a line, its escapes undone: what a reader of the page sees. */
export function pdfText(pdf: Buffer): string {
  return [...pdfContent(pdf).matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1')).join('\n');
}
