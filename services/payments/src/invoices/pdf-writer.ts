import { constants, deflateSync } from 'node:zlib';

/**
 * A minimal PDF 1.4 writer for one-page text documents: the built-in Helvetica fonts, text at positions, lines, and grids of
 * filled cells (a QR code).
 * Enough for a tax invoice, with nothing to install. Text is limited to what WinAnsi encodes (no rupee sign).
 * The page's content stream is compressed with Flate (zlib, the FlateDecode filter of PDF 1.2 and later, PDF 1.7
 * section 7.4.4; docs/decisions/0169): a signed QR code's thousands of rectangles made an invoice about 60 kB.
 */
export class PdfPage {
  private readonly ops: string[] = [];

  constructor(
    readonly width = 595,
    readonly height = 842,
  ) {}

  text(x: number, y: number, text: string, options: { size?: number; bold?: boolean; align?: 'left' | 'right' } = {}): this {
    const size = options.size ?? 10;
    const clean = toWinAnsi(text);
    const left = options.align === 'right' ? x - textWidth(clean, size, options.bold) : x;
    this.ops.push(
      `BT /${options.bold ? 'F2' : 'F1'} ${size} Tf ${left.toFixed(2)} ${(this.height - y).toFixed(2)} Td (${escapePdf(clean)}) Tj ET`,
    );
    return this;
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5): this {
    this.ops.push(`${width} w ${x1} ${this.height - y1} m ${x2} ${this.height - y2} l S`);
    return this;
  }

  /**
   * A square grid of dark cells (a QR code's modules, row by row from the top) drawn as filled rectangles with its
   * top left corner at (x, y) and `size` points a side. The grid is drawn in its own units (one cell, rows going
   * down) through a transformation, and runs of dark cells in a row are one rectangle, to keep the page small.
   */
  cells(x: number, y: number, size: number, grid: boolean[][]): this {
    const cell = (size / grid.length).toFixed(4);
    const rects: string[] = [];
    grid.forEach((row, r) => {
      for (let c = 0; c < row.length; c++) {
        if (!row[c]) continue;
        const start = c;
        while (row[c + 1]) c++;
        rects.push(`${start} ${r} ${c - start + 1} 1 re`);
      }
    });
    this.ops.push(`q 0 g ${cell} 0 0 -${cell} ${x} ${this.height - y} cm\n${rects.join('\n')}\nf Q`);
    return this;
  }

  toBuffer(info: { title: string }): Buffer {
    // Latin-1 both ways: the text is WinAnsi (one byte a character) and the compressed bytes pass through unchanged.
    const content = deflateSync(Buffer.from(this.ops.join('\n'), 'latin1'), { level: constants.Z_BEST_COMPRESSION }).toString('latin1');
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${this.width} ${this.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
      `<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n${content}\nendstream`,
      `<< /Title (${escapePdf(toWinAnsi(info.title))}) /Producer (ELTS Club) >>`,
    ];
    let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
    const offsets: number[] = [];
    objects.forEach((object, index) => {
      offsets.push(Buffer.byteLength(body, 'latin1'));
      body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xref = Buffer.byteLength(body, 'latin1');
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(body, 'latin1');
  }
}

function escapePdf(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Replaces what WinAnsi cannot show: the rupee sign becomes "Rs.", other characters outside Latin-1 a "?". */
export function toWinAnsi(text: string): string {
  return text.replace(/₹\s?/g, 'Rs. ').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

// Helvetica's average advance is about half the size; bold a little wider. Close enough to right-align amounts.
function textWidth(text: string, size: number, bold?: boolean): number {
  let units = 0;
  for (const char of text) units += /[0-9]/.test(char) ? 556 : /[.,: ]/.test(char) ? 278 : /[A-Z]/.test(char) ? 667 : 500;
  return (units / 1000) * size * (bold ? 1.05 : 1);
}
