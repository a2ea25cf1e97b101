import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aesDecrypt, aesEncrypt, rsaEncrypt } from '../../src/e-invoicing/crypto.js';
import { EInvoiceInvalid, IrpRejected, irpTime, NicIrpClient } from '../../src/e-invoicing/irp-client.js';
import { eInvoiceOf } from '../../src/e-invoicing/mapping.js';
import { eInvoiceSchema } from '../../src/e-invoicing/schema.js';
import { type FakeIrp, startFakeIrp } from './fake-irp.js';
import { address, b2bInvoice, order, place } from './fixtures.js';

describe('the IRP encryption', () => {
  it('round-trips AES-256-ECB with PKCS#7 padding under a 32-byte key, and refuses another key', () => {
    const key = randomBytes(32);
    const text = JSON.stringify({ Version: '1.1', note: 'x'.repeat(37) });
    const sealed = aesEncrypt(key, text);
    expect(Buffer.from(sealed, 'base64').length % 16).toBe(0);
    expect(aesDecrypt(key, sealed).toString('utf8')).toBe(text);
    // ECB: the same block gives the same cipher text (the IRP's mode, not a choice of ours).
    const firstBlock = (plain: string) => Buffer.from(aesEncrypt(key, plain), 'base64').subarray(0, 16);
    expect(firstBlock('a'.repeat(16))).toEqual(firstBlock('a'.repeat(32)));
    // Another key does not open it: its padding check fails, or (rarely) it gives other bytes.
    const openedWith = (other: Buffer) => {
      try {
        return aesDecrypt(other, sealed).toString('utf8');
      } catch {
        return null;
      }
    };
    expect(openedWith(randomBytes(32))).not.toBe(text);
  });

  it('encrypts the login under the public key so that only the private key opens it', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const sealed = rsaEncrypt(publicKey, 'eyJVc2VyTmFtZSI6ImEifQ==');
    expect(Buffer.from(sealed, 'base64')).toHaveLength(256);
    // PKCS#1 v1.5 pads at random: two encryptions of one text differ.
    expect(rsaEncrypt(publicKey, 'same')).not.toBe(rsaEncrypt(publicKey, 'same'));
    const { constants, privateDecrypt } = await import('node:crypto');
    const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(sealed, 'base64'));
    expect(block.subarray(block.indexOf(0, 2) + 1).toString()).toBe('eyJVc2VyTmFtZSI6ImEifQ==');
  });

  it("reads the IRP's times as India time", () => {
    expect(irpTime('2026-11-28 10:30:00').toISOString()).toBe('2026-11-28T05:00:00.000Z');
  });
});

describe('a B2B product invoice as an e-invoice (schema 1.1)', () => {
  it('maps supplier, buyer, place of supply, HSN, quantity, values and IGST, and meets the schema', () => {
    const einvoice = eInvoiceOf(b2bInvoice(), order, place);
    expect(eInvoiceSchema.safeParse(einvoice).success).toBe(true);
    expect(einvoice).toMatchObject({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: 'EG/2627/000042', Dt: '28/11/2026' },
      SellerDtls: { Gstin: '30AABCE1234F1ZI', LglNm: 'ELTS Club', Loc: 'Panaji', Pin: 403001, Stcd: '30' },
      BuyerDtls: {
        Gstin: '29AAGCR4375J1ZU',
        LglNm: 'Rao Traders Private Limited',
        Pos: '29',
        Addr1: '12 MG Road',
        Loc: 'Bengaluru',
        Pin: 560001,
        Stcd: '29',
      },
      ItemList: [
        {
          SlNo: '1',
          IsServc: 'N',
          HsnCd: '85171300',
          Qty: 1,
          Unit: 'NOS',
          UnitPrice: 21185.59,
          TotAmt: 21185.59,
          Discount: 2118.56,
          AssAmt: 19067.03,
          GstRt: 18,
          IgstAmt: 3432.07,
          CgstAmt: 0,
          SgstAmt: 0,
          TotItemVal: 22499.1,
        },
      ],
      ValDtls: { AssVal: 19067.03, IgstVal: 3432.07, CgstVal: 0, SgstVal: 0, TotInvVal: 22499.1 },
    });
    expect(einvoice).not.toHaveProperty('ShipDtls');
  });

  it('splits CGST and SGST within the state, and names a different delivery address as ShipDtls', () => {
    const goa = { ...address, address: 'Plot 4, Verna Industrial Estate', city: 'Verna', state: 'Goa', pincode: '403722' };
    const invoice = b2bInvoice({
      placeOfSupply: { state: 'Goa', code: '30' },
      igstPaise: 0,
      cgstPaise: 171_603,
      sgstPaise: 171_604,
      recipient: { name: 'Verna Works LLP', address: null, gstin: '30AAGFV1234K1Z5', state: 'Goa' },
    });
    const einvoice = eInvoiceOf(
      invoice,
      { billingAddress: { ...goa, address: '7 Church Square', city: 'Panaji', pincode: '403001' }, shippingAddress: goa },
      place,
    );
    expect(eInvoiceSchema.safeParse(einvoice).success).toBe(true);
    expect(einvoice?.ItemList[0]).toMatchObject({ CgstAmt: 1716.03, SgstAmt: 1716.04, IgstAmt: 0 });
    expect(einvoice?.ShipDtls).toEqual({
      LglNm: 'Asha Rao',
      Addr1: 'Plot 4, Verna Industrial Estate',
      Loc: 'Verna',
      Pin: 403722,
      Stcd: '30',
    });
  });

  it('gives the unit price before tax to the thousandth of a rupee, so that price times quantity is the line value', () => {
    // Two kurtas at Rs 1,490 (5%) less Rs 298 of credit, within Goa: the figures of goods-tax.test.ts.
    const line = {
      description: 'Fabindia Cotton Kurta',
      hsnCode: '6206',
      quantity: 2,
      unitPricePaise: 149_000,
      grossValuePaise: 283_810,
      discountPaise: 28_381,
      taxablePaise: 255_429,
      ratePercent: 5,
    };
    const kurtas = b2bInvoice({
      taxablePaise: 255_429,
      cgstPaise: 6_385,
      sgstPaise: 6_386,
      igstPaise: 0,
      totalPaise: 268_200,
      ratePercent: 5,
      placeOfSupply: { state: 'Goa', code: '30' },
      recipient: { name: 'Verna Works LLP', address: null, gstin: '30AAGFV1234K1Z5', state: 'Goa' },
      goods: { ...b2bInvoice().goods!, lines: [line] },
    });
    const einvoice = eInvoiceOf(kurtas, order, place)!;
    expect(eInvoiceSchema.safeParse(einvoice).success).toBe(true);
    expect(einvoice.ItemList[0]).toMatchObject({
      HsnCd: '6206',
      Qty: 2,
      UnitPrice: 1419.05,
      TotAmt: 2838.1,
      AssAmt: 2554.29,
      CgstAmt: 63.85,
      SgstAmt: 63.86,
      TotItemVal: 2682,
    });
    expect(einvoice.ValDtls).toMatchObject({ AssVal: 2554.29, CgstVal: 63.85, SgstVal: 63.86, IgstVal: 0, TotInvVal: 2682 });
  });

  it('leaves B2C documents out', () => {
    const b2c = b2bInvoice({ recipient: { name: 'Asha Rao', address: null, gstin: null, state: 'Karnataka' } });
    expect(eInvoiceOf(b2c, order, place)).toBeNull();
    expect(
      eInvoiceOf(
        { ...b2c, against: { invoiceNumber: 'EG/2627/000041', issuedAt: '2026-11-20T10:00:00.000Z', reason: 'Refund' } },
        order,
        place,
      ),
    ).toBeNull();
  });

  it('maps a credit note of a B2B invoice as a CRN naming the invoice it reduces (docs/decisions/0165)', () => {
    // Half the invoice taken back, as the credit note path writes its line: the value refunded, no discount on it.
    const line = { ...b2bInvoice().goods!.lines[0]!, grossValuePaise: 953_352, discountPaise: 0, taxablePaise: 953_352 };
    const note = b2bInvoice({
      invoiceNumber: 'CN/2627/000007',
      issuedAt: '2026-12-01T05:00:00.000Z',
      taxablePaise: 953_352,
      igstPaise: 171_603,
      totalPaise: 1_124_955,
      goods: { ...b2bInvoice().goods!, lines: [line] },
      against: { invoiceNumber: 'EG/2627/000042', issuedAt: '2026-11-27T19:00:00.000Z', reason: 'No replacement could be sent' },
    });
    const crn = eInvoiceOf(note, order, place)!;
    expect(crn.DocDtls).toEqual({ Typ: 'CRN', No: 'CN/2627/000007', Dt: '01/12/2026' });
    expect(crn.RefDtls).toEqual({
      InvRm: 'No replacement could be sent',
      PrecDocDtls: [{ InvNo: 'EG/2627/000042', InvDt: '28/11/2026' }],
    });
    expect(crn.ItemList[0]).toMatchObject({ TotAmt: 9533.52, Discount: 0, AssAmt: 9533.52, IgstAmt: 1716.03, TotItemVal: 11249.55 });
    expect(crn.ValDtls).toMatchObject({ AssVal: 9533.52, IgstVal: 1716.03, TotInvVal: 11249.55 });
    expect(eInvoiceSchema.safeParse(crn).success).toBe(true);
    // A part refund that takes no unit back (docs/decisions/0169) has no quantity: its unit price is the value.
    const reduction = eInvoiceOf({ ...note, goods: { ...note.goods!, lines: [{ ...line, quantity: 0 }] } }, order, place)!;
    expect(reduction.ItemList[0]).not.toHaveProperty('Qty');
    expect(reduction.ItemList[0]).toMatchObject({ UnitPrice: 9533.52, TotAmt: 9533.52 });
    expect(eInvoiceSchema.safeParse(reduction).success).toBe(true);
    // A note that names no invoice is refused.
    const { RefDtls, ...unnamed } = crn;
    expect(eInvoiceSchema.safeParse(unnamed).error?.issues[0]?.path).toEqual(['RefDtls', 'PrecDocDtls']);
  });

  it("refuses what the published schema refuses: a bad HSN, document number, state code, quote, or figures that don't add up", () => {
    const valid = eInvoiceOf(b2bInvoice(), order, place)!;
    const refused = (change: (copy: any) => void) => {
      const copy = structuredClone(valid) as any;
      change(copy);
      return eInvoiceSchema.safeParse(copy).success === false;
    };
    expect(refused((c) => (c.ItemList[0].HsnCd = '85171'))).toBe(true);
    expect(refused((c) => (c.DocDtls.No = '0G/2627/1'))).toBe(true);
    expect(refused((c) => (c.DocDtls.No = 'EG/2627/0000000042'))).toBe(true);
    expect(refused((c) => (c.DocDtls.Dt = '2026-11-28'))).toBe(true);
    expect(refused((c) => (c.BuyerDtls.Pos = '00'))).toBe(true);
    expect(refused((c) => (c.BuyerDtls.LglNm = 'Rao "Traders"'))).toBe(true);
    expect(refused((c) => (c.SellerDtls.Pin = 40300))).toBe(true);
    expect(refused((c) => (c.ItemList[0].AssAmt = 19000))).toBe(true);
    expect(refused((c) => (c.ItemList[0].IgstAmt = 3432.075))).toBe(true);
    expect(refused((c) => (c.ValDtls.TotInvVal = 25000))).toBe(true);
    expect(refused((c) => (c.ItemList[0].CgstAmt = 1716.03))).toBe(true); // CGST across states
    expect(refused((c) => (c.Extra = 1))).toBe(true);
    expect(refused((c) => delete c.BuyerDtls.Gstin)).toBe(true);
    expect(refused(() => undefined)).toBe(false);
  });
});

describe('the NIC IRP adapter against a local IRP', () => {
  let irp: FakeIrp;
  const client = () => new NicIrpClient({ baseUrl: irp.url, ...irp.credentials, publicKeyPem: irp.publicKeyPem });

  beforeAll(async () => {
    irp = await startFakeIrp();
  });
  afterAll(async () => irp.close());

  it('logs in once, registers an invoice and reads back its IRN, acknowledgement and signed QR code', async () => {
    const adapter = client();
    const einvoice = eInvoiceOf(b2bInvoice({ invoiceNumber: 'EG/2627/000101' }), order, place)!;
    const logins = irp.logins;
    const first = await adapter.register(einvoice);
    expect(first.irn).toMatch(/^[0-9a-f]{64}$/);
    expect(first.ackNo).toMatch(/^\d{15}$/);
    expect(first.ackDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.duplicate).toBe(false);
    const qr = JSON.parse(JSON.parse(Buffer.from(first.signedQrCode!.split('.')[1]!, 'base64url').toString()).data);
    expect(qr).toMatchObject({
      SellerGstin: '30AABCE1234F1ZI',
      BuyerGstin: '29AAGCR4375J1ZU',
      DocNo: 'EG/2627/000101',
      MainHsnCode: '85171300',
      Irn: first.irn,
      TotInvVal: 22499.1,
    });
    // What the IRP decrypted is what we mapped.
    expect(irp.received.at(-1)).toEqual(einvoice);
    // A second invoice reuses the session.
    await adapter.register(eInvoiceOf(b2bInvoice({ invoiceNumber: 'EG/2627/000102' }), order, place)!);
    expect(irp.logins).toBe(logins + 1);
  });

  it('keeps the first IRN when the IRP says the document was registered before (2150, DUPIRN)', async () => {
    const einvoice = eInvoiceOf(b2bInvoice({ invoiceNumber: 'EG/2627/000103' }), order, place)!;
    const first = await client().register(einvoice);
    const again = await client().register(einvoice);
    // Its signed QR code is the first registration's, asked for by IRN.
    expect(again).toEqual({ ...first, duplicate: true });
  });

  it('logs in again when the IRP no longer knows its token (1005)', async () => {
    const adapter = client();
    await adapter.register(eInvoiceOf(b2bInvoice({ invoiceNumber: 'EG/2627/000104' }), order, place)!);
    const logins = irp.logins;
    irp.expireTokens();
    const registered = await adapter.register(eInvoiceOf(b2bInvoice({ invoiceNumber: 'EG/2627/000105' }), order, place)!);
    expect(registered.duplicate).toBe(false);
    expect(irp.logins).toBe(logins + 1);
  });

  it('sends nothing that fails the schema, and reports the IRP refusing bad credentials', async () => {
    const sent = irp.received.length;
    const bad = {
      ...eInvoiceOf(b2bInvoice({ invoiceNumber: 'EG/2627/000106' }), order, place)!,
      DocDtls: { Typ: 'INV' as const, No: '-bad', Dt: '28/11/2026' },
    };
    await expect(client().register(bad)).rejects.toBeInstanceOf(EInvoiceInvalid);
    expect(irp.received.length).toBe(sent);
    const wrong = new NicIrpClient({ baseUrl: irp.url, ...irp.credentials, password: 'wrong', publicKeyPem: irp.publicKeyPem });
    await expect(wrong.register(eInvoiceOf(b2bInvoice(), order, place)!)).rejects.toBeInstanceOf(IrpRejected);
  });

  it('fails, to be retried, when the IRP is down', async () => {
    irp.failNext(1);
    await expect(client().register(eInvoiceOf(b2bInvoice({ invoiceNumber: 'EG/2627/000107' }), order, place)!)).rejects.toThrow(/503/);
  });
});
