import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BankInfo, UploadedFile, Proof } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { type ChunkedUploadOptions, uploadWithChunks } from '@instalment/ui/upload';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { schedule } from '../testing/fixtures';
import ProofUpload from './ProofUpload';

jest.mock('@instalment/ui/upload', () => ({ ...jest.requireActual('@instalment/ui/upload'), uploadWithChunks: jest.fn() }));
const upload = jest.mocked(uploadWithChunks);

const bank: BankInfo = {
  account_name: 'Instalment Platform Ltd',
  account_no: '6222 0000 1111 2222',
  bank_name: 'Bank of Test',
  branch: 'Shanghai Pudong',
  remark_hint: 'L100',
};

const stored: UploadedFile = { url: '/uploads/receipt.png', fullurl: 'http://api.test/uploads/receipt.png' };
const receipt = () => new File(['fake png bytes'], 'receipt.png', { type: 'image/png' });

async function setup(query: Record<string, string> = { order_no: 'L100' }) {
  const user = userEvent.setup();
  const { host, api, navigate, ui } = createTestHost({ loggedIn: true });
  const uploadProof = api.loan.uploadProof.mockImplementation(async () => ({ id: 1, status: 'pending' }) as Proof);
  api.loan.bankInfo.mockResolvedValue(bank);
  api.loan.installments.mockImplementation(async () => schedule());
  renderPage(ProofUpload, host, query);
  await screen.findByText('Platform receiving account');
  return { user, host, navigate, ui, uploadProof };
}

const amount = () => screen.getByRole('status', { name: 'Amount transferred' });
const fileInput = () => screen.getByLabelText(/Payment proof/);
const remarkInput = () => screen.getByLabelText('Remark (optional)');
const submitButton = (name: RegExp | string = 'submit proof') => screen.getByRole('button', { name });

beforeEach(() => upload.mockReset());

describe('ProofUpload', () => {
  it('shows the receiving account with copy buttons', async () => {
    const { user, ui } = await setup();
    await user.click(screen.getByRole('button', { name: 'copy Account number' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('6222 0000 1111 2222');
    expect(ui.toast).toHaveBeenCalledWith('copied', 'success');
  });

  it('the amount is exactly what the periods from the link cost, and follows the selection', async () => {
    const { user } = await setup({ order_no: 'L100', periods: '2,3' });
    expect(amount()).toHaveTextContent('¥606.00');
    expect(screen.getByRole('checkbox', { name: /^Period 3,/ })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /^Period 3,/ }));
    expect(amount()).toHaveTextContent('¥306.00');
  });

  it('an instalment under review is shown so and cannot be chosen again', async () => {
    const user = userEvent.setup();
    const { host, api } = createTestHost({ loggedIn: true });
    const list = schedule().list.map((item) => (item.period === 2 ? { ...item, under_review: true } : item));
    api.loan.bankInfo.mockResolvedValue(bank);
    api.loan.installments.mockResolvedValue({ order_no: 'L100', list });
    renderPage(ProofUpload, host, { order_no: 'L100' });
    const reserved = await screen.findByRole('checkbox', { name: /^Period 2,.*proof under review/ });
    expect(reserved).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /^Period 3,/ })).toBeChecked();
    await user.click(reserved);
    expect(amount()).toHaveTextContent('¥300.00');
  });

  it('refuses a file of the wrong type before sending anything', async () => {
    await setup();
    // The picker's accept list is a hint a user can override ("all files"), so the page checks again.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['GIF89a'], 'receipt.gif', { type: 'image/gif' }));
    expect(screen.getByText('Choose a JPG, PNG or WebP picture, or a PDF.')).toBeInTheDocument();
    await user.click(submitButton());
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a remark with invisible control or text-direction characters, before sending anything', async () => {
    const { user } = await setup();
    await user.upload(fileInput(), receipt());
    await user.type(remarkInput(), 'ref \u202e988');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Remove the invisible control or text-direction characters from this text.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('asks for the receipt on submit', async () => {
    const { user } = await setup();
    await user.click(submitButton());
    expect(screen.getByText('Choose the picture or PDF of your transfer receipt.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('keeps every entry and the file when the upload fails, and the retry sends them', async () => {
    const { user, navigate, ui, uploadProof } = await setup();
    upload.mockRejectedValueOnce(new ApiError('upload failed', 'unparseable'));
    await user.upload(fileInput(), receipt());
    await user.type(remarkInput(), 'ref 889');
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('upload failed');
    expect(amount()).toHaveTextContent('¥306.00');
    expect(remarkInput()).toHaveValue('ref 889');
    expect(screen.getByText('receipt.png')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Period 2,/ })).toBeChecked();
    expect(uploadProof).not.toHaveBeenCalled();

    upload.mockResolvedValueOnce(stored);
    await user.click(submitButton('retry'));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/pages/loan/detail', { order_no: 'L100' }, { replace: true }));
    expect(upload).toHaveBeenCalledTimes(2);
    expect((upload.mock.calls[1][1] as File).name).toBe('receipt.png');
    expect(uploadProof).toHaveBeenCalledWith(
      { order_no: 'L100', periods: [2], amount: '306.00', file_url: '/uploads/receipt.png', remark: 'ref 889' },
      { loading: false, toast: false },
    );
    expect(ui.toast).toHaveBeenCalledWith('Proof submitted; it is pending review.', 'success');
  });

  it('keeps the entries when the voucher is refused, and does not send the stored file again', async () => {
    const { user, navigate, uploadProof } = await setup();
    upload.mockResolvedValue(stored);
    uploadProof.mockRejectedValueOnce(new ApiError('The amount does not match the transfer.', 0));
    await user.upload(fileInput(), receipt());
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('The amount does not match the transfer.');
    expect(amount()).toHaveTextContent('¥306.00');
    expect(screen.getByText('receipt.png')).toBeInTheDocument();

    await user.click(submitButton('retry'));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(upload).toHaveBeenCalledTimes(1);
    expect(uploadProof).toHaveBeenCalledTimes(2);
  });

  it('shows the stage and percent while uploading, and cancel stops it keeping the entries', async () => {
    const { user, uploadProof } = await setup();
    upload.mockImplementationOnce(
      (_http, _file, options: ChunkedUploadOptions = {}) =>
        new Promise((_resolve, reject) => {
          options.onStage?.('uploadingChunk');
          options.onProgress?.(0.42);
          options.signal?.addEventListener('abort', () => reject(new ApiError('aborted', 'aborted')));
        }),
    );
    await user.upload(fileInput(), receipt());
    await user.click(submitButton());

    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('uploading chunk...')).toBeInTheDocument();
    expect(screen.getByText('42%')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'cancel upload' }));
    expect(await screen.findByText(/Upload cancelled/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('receipt.png')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(uploadProof).not.toHaveBeenCalled();
  });
});
