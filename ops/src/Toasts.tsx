import { useEffect, useState } from 'react';
import { TOAST_MS } from '@instalment/host-sdk/http';
import type { HostUi } from '@instalment/host-sdk/host';

type Toast = { id: number; message: string; kind: 'error' | 'info' | 'success' };
let listener: ((toast: Toast) => void) | null = null;
let nextId = 1;

/** The console's screen furniture: toasts in a live region, the browser's own confirmation. */
export const consoleUi: HostUi = {
  toast: (message, kind = 'info') => listener?.({ id: nextId++, message, kind }),
  showLoading: () => undefined,
  hideLoading: () => undefined,
  confirm: async (message) => window.confirm(message),
};

export function Toasts() {
  const [toast, setToast] = useState<Toast | null>(null);
  useEffect(() => {
    listener = setToast;
    return () => {
      listener = null;
    };
  }, []);
  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(() => setToast(null), TOAST_MS * 2);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <div className="ops-toasts" role="status" aria-live="polite">
      {toast && <p className={`ops-toast ops-toast-${toast.kind}`}>{toast.message}</p>}
    </div>
  );
}
