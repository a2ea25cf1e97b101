import qrcode from 'qrcode-generator';

/**
 * A QR code's modules (true is dark), row by row from the top, for a text read as bytes (the IRP's signed QR code
 * is a JWT: ASCII). Medium error correction (15% of the code may be lost) where the text fits, else low; the
 * version (size) is the smallest that holds it. Rule 48(4) asks for the code itself on the invoice: the PDF writer
 * draws these modules (docs/decisions/0165).
 */
export function qrModules(text: string): boolean[][] {
  const levels = ['M', 'L'] as const;
  for (const level of levels) {
    const code = qrcode(0, level);
    code.addData(text, 'Byte');
    try {
      code.make();
    } catch {
      continue; // too long for this level: try the next
    }
    const count = code.getModuleCount();
    return Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, column) => code.isDark(row, column)));
  }
  throw new Error(`a text of ${text.length} characters is too long for a QR code`);
}
