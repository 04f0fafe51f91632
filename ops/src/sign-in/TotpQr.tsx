import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** An `otpauth://` URI as the QR code an authenticator app's camera scans, drawn in the browser (the secret never leaves it as an image request). */
export function TotpQr({ otpauth, label }: { otpauth: string; label: string }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(otpauth, { type: 'svg', margin: 1 }).then((svg) => {
      if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [otpauth]);
  return qr && <img src={qr} width={192} height={192} alt={label} />;
}
