import { CSV_BOM, csvField, csvRecord, csvStream } from '../../src/services/csv';

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
    ['=1+2', `"'=1+2"`],
    ['+86 139', `"'+86 139"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
  ])('%j, which starts like a formula, is written as quoted text: %j', (cell, written) => {
    expect(csvField(cell)).toBe(written);
  });

  it.each([
    ['x;=1+1', `"'x;'=1+1"`],
    ['x\t=1+1', `"'x\t'=1+1"`],
    ['a;b;@SUM(A1)', `"'a;b;'@SUM(A1)"`],
    ['x;-2+3', `"'x;'-2+3"`],
    ['x\t+cmd', `"'x\t'+cmd"`],
    ['x;\t=1', `"'x;'\t'=1"`],
    ['two\n=1+1', `"'two\n'=1+1"`],
    ['\t=cmd', `"'\t'=cmd"`],
  ])(
    "%j, where a formula starts after a separator, is written as quoted text, each separator then followed by a ': %j",
    (cell, written) => {
      expect(csvField(cell)).toBe(written);
    },
  );

  it.each([['a;b'], ['x = 1'], ['1+1'], ['me@example.com'], ['13800000000']])(
    '%j, with no formula after a separator, stays as it is',
    (cell) => {
      expect(csvField(cell)).toBe(cell);
    },
  );

  it('writes an amount as a number, whether the server wrote it as a number or as text', () => {
    expect(csvRecord(['-17.06', '1200.00', -17.06, '-5'])).toBe('-17.06,1200.00,-17.06,-5\r\n');
    expect(csvField('-17.06+1')).toBe(`"'-17.06+1"`);
    expect(csvField('-1e5')).toBe(`"'-1e5"`);
  });

  it('quotes a formula that also holds a comma and a quote, after making it text', () => {
    expect(csvField('=HYPERLINK("http://x", "a,b")')).toBe('"\'=HYPERLINK(""http://x"", ""a,b"")"');
  });

  it("writes the server's numbers as numbers and null as nothing", () => {
    expect(csvRecord([-12.5, 0, null, 'x'])).toBe('-12.5,0,,x\r\n');
  });
});

test('a CSV stream is the BOM, the header and each row of each page, ended by CRLF', async () => {
  async function* pages() {
    yield [['L1', 'Li, Lei']];
    yield [];
    yield [
      ['L2', '=cmd'],
      ['L3', 'x;=1+1'],
    ];
  }
  const chunks: Buffer[] = [];
  for await (const chunk of csvStream(['order_no', 'real_name'], pages())) chunks.push(Buffer.from(chunk as Buffer));
  const bytes = Buffer.concat(chunks);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toBe(`${CSV_BOM}order_no,real_name\r\nL1,"Li, Lei"\r\nL2,"'=cmd"\r\nL3,"'x;'=1+1"\r\n`);
});

test('a CSV stream lets other work run between its pages', async () => {
  let pagesRead = 0;
  async function* pages() {
    for (; pagesRead < 3; pagesRead += 1) yield [['row']];
  }
  const turns: number[] = [];
  const stream = csvStream(['h'], pages());
  setImmediate(() => turns.push(pagesRead));
  for await (const chunk of stream) expect(chunk).toBeDefined();
  expect(turns).toHaveLength(1);
  expect(turns[0]).toBeLessThan(3);
});
