import { pdfContent } from '@elts/platform/testing';
import jsqr from 'jsqr';

// jsqr's module is the function itself, though its types (an ES default export) say the function is its `default`.
const jsQR = jsqr as unknown as typeof jsqr.default;

/**
 * Reads back the QR code a PDF of ours draws (PdfPage.cells: one `q 0 g ... cm` block of rectangles in cell units):
 * the rectangles are painted as pixels with a quiet zone and decoded by jsQR, a reader that knows nothing of how the
 * code was made. Returns the decoded text, or null when there is no code or it does not read.
 */
export function qrTextOfPdf(pdf: Buffer): string | null {
  const block = /q 0 g [^\n]* cm\n([\s\S]*?)\nf Q/.exec(pdfContent(pdf))?.[1];
  if (!block) return null;
  const rects = block.split('\n').map((line) => line.split(' ').slice(0, 3).map(Number) as [number, number, number]);
  const count = Math.max(...rects.map(([x, , w]) => x + w), ...rects.map(([, y]) => y + 1));
  const scale = 4;
  const quiet = 4;
  const side = (count + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [first, row, width] of rects) {
    for (let column = first; column < first + width; column++) {
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const at = (((row + quiet) * scale + dy) * side + (column + quiet) * scale + dx) * 4;
          pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
        }
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}
