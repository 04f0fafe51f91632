import { CSV_BOM, csvField, csvRecord, csvStream } from '../src/services/csv';

/** RFC 4180 fields that no spreadsheet runs as a formula. */
describe('a CSV field', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['王小明', '王小明'],
  ])('%j is written %j', (cell, written) => {
    expect(csvField(cell)).toBe(written);
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+86 139', "'+86 139"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', '"\'\rcmd"'],
  ])('%j, which starts like a formula, is written as text: %j', (cell, written) => {
    expect(csvField(cell)).toBe(written);
  });

  it('quotes a formula that also holds a comma and a quote, after making it text', () => {
    expect(csvField('=HYPERLINK("http://x", "a,b")')).toBe('"\'=HYPERLINK(""http://x"", ""a,b"")"');
  });

  it("writes the server's numbers as numbers and null as nothing", () => {
    expect(csvRecord([-12.5, 0, null, 'x'])).toBe('-12.5,0,,x\r\n');
  });
});

test('a CSV stream is the BOM, the header and each row, ended by CRLF', async () => {
  async function* rows() {
    yield ['L1', 'Li, Lei'];
    yield ['L2', '=cmd'];
  }
  const chunks: Buffer[] = [];
  for await (const chunk of csvStream(['order_no', 'real_name'], rows())) chunks.push(Buffer.from(chunk as Buffer));
  const bytes = Buffer.concat(chunks);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toBe(`${CSV_BOM}order_no,real_name\r\nL1,"Li, Lei"\r\nL2,'=cmd\r\n`);
});
