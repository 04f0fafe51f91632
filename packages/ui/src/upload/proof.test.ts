import { checkProofFile, PROOF_MAX_BYTES } from './proof';
import { downscaleImage } from './downscale';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkProofFile', () => {
  it.each([
    [file('receipt.jpg', 'image/jpeg'), null],
    [file('receipt.JPEG', 'image/jpeg'), null],
    [file('receipt.png', 'image/png'), null],
    [file('receipt.webp', 'image/webp'), null],
    [file('statement.pdf', 'application/pdf'), null],
    [file('statement.pdf', ''), null],
    [file('receipt.gif', 'image/gif'), 'proofType'],
    [file('receipt.png', 'image/jpeg'), 'proofType'],
    [file('script.exe', 'application/pdf'), 'proofType'],
    [file('noextension', 'image/png'), 'proofType'],
    [file('receipt.png', 'image/png', 0), 'proofEmpty'],
    [file('receipt.png', 'image/png', PROOF_MAX_BYTES), null],
    [file('receipt.png', 'image/png', PROOF_MAX_BYTES + 1), 'proofTooLarge'],
  ])('%o → %s', (candidate, expected) => {
    expect(checkProofFile(candidate)).toBe(expected);
  });
});

describe('downscaleImage', () => {
  it('hands back the file unchanged where the browser cannot draw it (jsdom)', async () => {
    const picked = new File(['x'.repeat(100)], 'receipt.png', { type: 'image/png' });
    await expect(downscaleImage(picked)).resolves.toBe(picked);
  });

  it('leaves a PDF alone', async () => {
    const picked = new File(['%PDF-1.7'], 'statement.pdf', { type: 'application/pdf' });
    await expect(downscaleImage(picked)).resolves.toBe(picked);
  });
});
