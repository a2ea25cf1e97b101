import { describe, expect, it } from 'vitest';
import { creditNoteSplit, goodsFigures, splitGst, unitsTakenBack } from '../src/domain/invoice.js';

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

  it('takes back no more than the invoice over several refunds, figure by figure, the last taking what is left', () => {
    const invoice = { ...splitGst(2_249_910, false, 18), ratePercent: 18 };
    // Each refund rounded on its own: Rs 1.00, then the rest, would take back a paisa more taxable value than invoiced.
    expect(splitGst(100, false, 18).taxablePaise + splitGst(2_249_810, false, 18).taxablePaise).toBe(invoice.taxablePaise + 1);
    const first = creditNoteSplit(invoice, 100);
    const rest = creditNoteSplit(invoice, 2_249_810, 100);
    expect(first).toEqual(splitGst(100, false, 18));
    expect(rest).toEqual({
      taxablePaise: invoice.taxablePaise - first.taxablePaise,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: invoice.igstPaise - first.igstPaise,
      totalPaise: 2_249_810,
    });
    // A membership's CGST + SGST: Rs 1.00 then the rest would have taken back Rs 89.92 of SGST from Rs 89.91 invoiced.
    const membership = splitGst(117_882, true);
    expect(creditNoteSplit(membership, 100).sgstPaise + creditNoteSplit(membership, 117_782, 100).sgstPaise).toBe(membership.sgstPaise);

    // Every rate, both supplies, refunds in uneven parts (a paisa more or less than an even share): no figure ever negative or above the invoice, and the
    // parts of a full refund add up to the invoice exactly.
    const figures = ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalPaise'] as const;
    for (const ratePercent of [0, 3, 5, 18, 40]) {
      for (const intraState of [true, false]) {
        for (const total of [101, 117_882, 268_201, 2_249_910]) {
          const sale = { ...splitGst(total, intraState, ratePercent), ratePercent };
          for (const parts of [2, 3, 7, 50]) {
            const sum = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
            for (let refunded = 0, index = 0; refunded < total; index++) {
              const refund = Math.min(Math.max(1, Math.floor(total / parts) + (index % 3) - 1), total - refunded);
              const note = creditNoteSplit(sale, refund, refunded);
              expect(note.taxablePaise + note.cgstPaise + note.sgstPaise + note.igstPaise).toBe(refund);
              for (const figure of figures) {
                expect(note[figure]).toBeGreaterThanOrEqual(0);
                sum[figure] += note[figure];
                expect(sum[figure]).toBeLessThanOrEqual(sale[figure]);
              }
              refunded += refund;
            }
            expect(sum).toEqual({
              taxablePaise: sale.taxablePaise,
              cgstPaise: sale.cgstPaise,
              sgstPaise: sale.sgstPaise,
              igstPaise: sale.igstPaise,
              totalPaise: total,
            });
          }
        }
      }
    }
  });

  it('takes back the units the refunds wholly paid back, none for a part of a price, never more than were sold', () => {
    // Two phones for Rs 44,998.20: one refunded (an exchange with no replacement), then the other.
    expect(unitsTakenBack(2, 4_499_820, 2_249_910)).toBe(1);
    expect(unitsTakenBack(2, 4_499_820, 2_249_910, 2_249_910)).toBe(1);
    // Rs 1.00 back is a reduction of value, no unit back; the rest then takes the unit.
    expect(unitsTakenBack(1, 2_249_910, 100)).toBe(0);
    expect(unitsTakenBack(1, 2_249_910, 2_249_810, 100)).toBe(1);
    // However the refunds fall, the units add up to what was sold once everything is refunded.
    for (const parts of [[1, 2, 3, 4_499_814], [1_000_000, 1_249_910, 2_249_910], [4_499_820]]) {
      let earlier = 0;
      let units = 0;
      for (const refund of parts) {
        const taken = unitsTakenBack(2, 4_499_820, refund, earlier);
        expect(taken).toBeGreaterThanOrEqual(0);
        units += taken;
        earlier += refund;
      }
      expect(units).toBe(2);
    }
  });
});
