import { randomUUID } from 'node:crypto';
import { todayInIndia } from '@elts/contracts';
import { csvCell } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, settled, startAdminBff } from './helpers.js';

const HEADER =
  'First Name,Last Name,Email,Mobile,Gender,Date of Birth,Age,Profession,Subscription Type,GST,Pincode,Shipping Address,Billing Address,Need List,Greed List';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Rao, Asha')).toBe('"Rao, Asha"');
    expect(csvCell('The "best" deal')).toBe('"The ""best"" deal"');
    expect(csvCell('Flat 4\nMG Road')).toBe('"Flat 4\nMG Road"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+919876543210')).toBe("'+919876543210");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    // Only the first character matters.
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe.each(DATABASE_KINDS)('GET /admin/users/export on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string };
  const year = Number(todayInIndia().slice(0, 4));

  beforeAll(async () => {
    if (!available) return;
    ({ harness, admin } = await startAdminBff(kind));
    await registerMember(harness, {
      memberNumber: 1,
      firstname: '=HYPERLINK("http://evil.example","x")',
      lastname: 'O"Neil, Jr',
      email: 'nasty@example.in',
      profile: {
        gender: 'male',
        dob: '1990-01-01',
        mobile: '+919876543210',
        profession: 'professional',
        persona: 'Splurge',
        gst: '@SUM(1)',
        pincode: '560001',
        address: 'Flat 4\nMG Road, Bengaluru',
        professionAddress: '-1+1',
        need: ['\tcmd', 'plain'],
        greed: ['\rcarriage'],
      },
    });
    await settled(harness, admin);
    // More members than one streamed batch (1,000). They go straight into the read model: this is about the
    // export's batching, and applying 1,200 events through the bus takes half a minute on a busy machine.
    await harness.db
      .insertInto('users')
      .values(
        Array.from({ length: 1202 }, (_, i) => ({
          member_id: randomUUID(),
          member_number: i + 2,
          email: `member${i + 2}@example.in`,
          firstname: 'Member',
          lastname: String(i + 2),
          created_at: new Date(),
        })),
      )
      .execute();
  }, 120_000);
  afterAll(async () => harness?.close());

  const exportCsv = async (query = '') => {
    const response = await harness.request(`/admin/users/export${query}`, { token: admin.token });
    expect(response.status).toBe(200);
    return { response, text: await response.text() };
  };

  it.runIf(available)('downloads users_{date}.csv with the 15 columns, every cell escaped and neutralised', async () => {
    const { response, text } = await exportCsv('?email=nasty');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="users_${todayInIndia()}.csv"`);
    const row = [
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
      '"O""Neil, Jr"',
      'nasty@example.in',
      "'+919876543210",
      'male',
      '1990-01-01',
      String(year - 1990),
      'professional',
      'Splurge',
      "'@SUM(1)",
      '560001',
      '"Flat 4\nMG Road, Bengaluru"',
      "'-1+1",
      `"'\tcmd,plain"`,
      `"'\rcarriage"`,
    ].join(',');
    expect(text).toBe(`${HEADER}\r\n${row}\r\n`);
  });

  it.runIf(available)('streams every member once, in member number order, past the batch size', async () => {
    const { text } = await exportCsv();
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(HEADER);
    // The first member's address holds a line break inside quotes; the others are one line each.
    const members = lines.slice(1).filter((line) => line.startsWith('Member,'));
    expect(members).toHaveLength(1202);
    expect(members.map((line) => Number(line.split(',')[1]))).toEqual(Array.from({ length: 1202 }, (_, i) => i + 2));
    expect(members[0]).toBe('Member,2,member2@example.in,,,,,,,,,,,,');
  });

  it.runIf(available)('applies the page filters', async () => {
    const { text } = await exportCsv('?name=Member%2012&profession=');
    // Member 12, 120-129 and 1200-1203 match "Member 12".
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1 + 1 + 10 + 4);
    const none = await exportCsv('?profession=student');
    expect(none.text).toBe(`${HEADER}\r\n`);
  });
});
