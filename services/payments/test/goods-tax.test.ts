import { describe, expect, it } from 'vitest';
import { creditNoteSplit, goodsFigures, splitGst } from '../src/domain/invoice.js';

// The tax of a product order's invoice (docs/decisions/0093, 0094): prices are GST-inclusive; the membership credit
// is a discount that lowers the taxable value unless the setting makes it a means of payment.
describe('goods tax', () => {
  const phone = { unitPricePaise: 2_499_900, quantity: 1, creditPaise: 249_990, ratePercent: 18, creditAsDiscount: true };

  it('takes the credit off the value before tax, and charges IGST on what is left across states', () => {
    expect(goodsFigures({ ...phone, intraState: false })).toEqual({
      grossValuePaise: 2_118_559, // 24,999.00 less 18% GST within
      discountPaise: 211_856,
      taxablePaise: 1_906_703,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 343_207,
      totalPaise: 2_249_910, // what the member paid at the gateway
      paidByCreditPaise: 0,
    });
  });

  it('halves the tax into CGST and SGST within the state, at the product rate, to the paisa', () => {
    const kurtas = { unitPricePaise: 149_000, quantity: 2, creditPaise: 29_800, ratePercent: 5, creditAsDiscount: true, intraState: true };
    expect(goodsFigures(kurtas)).toEqual({
      grossValuePaise: 283_810,
      discountPaise: 28_381,
      taxablePaise: 255_429,
      cgstPaise: 6_385,
      sgstPaise: 6_386,
      igstPaise: 0,
      totalPaise: 268_200,
      paidByCreditPaise: 0,
    });
  });

  it('taxes the full price when the credit is a means of payment, and shows the credit apart', () => {
    const kurtas = { unitPricePaise: 149_000, quantity: 2, creditPaise: 29_800, ratePercent: 5, creditAsDiscount: false, intraState: true };
    expect(goodsFigures(kurtas)).toMatchObject({
      grossValuePaise: 283_810,
      discountPaise: 0,
      taxablePaise: 283_810,
      cgstPaise: 7_095,
      sgstPaise: 7_095,
      totalPaise: 298_000,
      paidByCreditPaise: 29_800,
    });
  });

  it('has no tax on nil-rated goods, and the parts always add up to the total', () => {
    expect(goodsFigures({ ...phone, unitPricePaise: 39_900, creditPaise: 3_990, ratePercent: 0, intraState: true })).toMatchObject({
      taxablePaise: 35_910,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: 35_910,
    });
    for (const ratePercent of [0, 3, 5, 18, 40]) {
      for (const unitPricePaise of [111, 99_999, 1_234_567]) {
        for (const intraState of [true, false]) {
          const figures = goodsFigures({ unitPricePaise, quantity: 3, creditPaise: 7, ratePercent, creditAsDiscount: true, intraState });
          expect(figures.taxablePaise + figures.cgstPaise + figures.sgstPaise + figures.igstPaise).toBe(figures.totalPaise);
          expect(figures.grossValuePaise - figures.discountPaise).toBe(figures.taxablePaise);
        }
      }
    }
  });

  it("takes tax back at the invoice's rate, never more than the invoice", () => {
    const invoice = { ...splitGst(268_200, true, 5), ratePercent: 5 };
    expect(creditNoteSplit(invoice, 134_100)).toEqual(splitGst(134_100, true, 5));
    expect(creditNoteSplit(invoice, 134_100).cgstPaise).toBe(3_193);
    expect(creditNoteSplit(invoice, 268_200)).toEqual(splitGst(268_200, true, 5));
    expect(creditNoteSplit(invoice, 999_999).totalPaise).toBe(268_200);
    // An IGST invoice's credit note is IGST too, and a membership invoice (no rate recorded) is 18%.
    expect(creditNoteSplit(splitGst(117_882, false), 50_000)).toEqual(splitGst(50_000, false, 18));
  });
});
