/**
 * CSV cells that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) get a
 * leading apostrophe, so an exported name like "=HYPERLINK(...)" stays text (OWASP's CSV injection advice).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export interface CsvDownload<Row> {
  /** The name the browser saves it under. */
  fileName: string;
  header: readonly string[];
  /** The next rows after the last one sent (undefined: from the start), at most `batchSize`, in a stable order. */
  readBatch: (after: Row | undefined) => Promise<Row[]>;
  batchSize: number;
  cells: (row: Row) => unknown[];
}

/**
 * A CSV download streamed in keyset batches, one batch per pull: the next batch is read only when the client has
 * taken the last, so memory stays flat whatever the number of rows or the client's speed.
 */
export function csvDownload<Row>({ fileName, header, readBatch, batchSize, cells }: CsvDownload<Row>): Response {
  const encoder = new TextEncoder();
  let after: Row | undefined;
  let first = true;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const rows = await readBatch(after);
        let chunk = first ? csvLine([...header]) : '';
        first = false;
        for (const row of rows) chunk += csvLine(cells(row));
        if (chunk) controller.enqueue(encoder.encode(chunk));
        if (rows.length < batchSize) controller.close();
        else after = rows.at(-1);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  });
}
