import { action, makeObservable, observable } from 'mobx';
import { TOAST_MS } from '@instalment/host-sdk/http';
import type { HostUi } from '@instalment/host-sdk/host';

export interface Toast {
  id: number;
  message: string;
  kind: 'error' | 'info' | 'success';
}

export interface ConfirmRequest {
  message: string;
  confirmText?: string;
  cancelText?: string;
  resolve: (answer: boolean) => void;
}

/** The shell's screen furniture: toasts (2 s), the loading overlay, the confirmation dialog. */
export class UiStore implements HostUi {
  toastItem: Toast | null = null;
  /** Calls in flight that asked for the overlay; it shows while any does. */
  loadingCount = 0;
  loadingText = '';
  confirmRequest: ConfirmRequest | null = null;
  private toastTimer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;

  constructor(private readonly defaultLoadingText: () => string) {
    makeObservable(this, {
      toastItem: observable,
      loadingCount: observable,
      loadingText: observable,
      confirmRequest: observable,
      toast: action,
      dismissToast: action,
      showLoading: action,
      hideLoading: action,
      confirm: action,
      answer: action,
    });
  }

  toast(message: string, kind: Toast['kind'] = 'info'): void {
    this.toastItem = { id: this.nextId++, message, kind };
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => this.dismissToast(), TOAST_MS);
  }

  dismissToast(): void {
    this.toastItem = null;
  }

  showLoading(text?: string): void {
    this.loadingCount += 1;
    this.loadingText = text ?? this.defaultLoadingText();
  }

  hideLoading(): void {
    this.loadingCount = Math.max(0, this.loadingCount - 1);
  }

  confirm(message: string, options: { confirmText?: string; cancelText?: string } = {}): Promise<boolean> {
    this.confirmRequest?.resolve(false);
    return new Promise((resolve) => {
      this.confirmRequest = { message, ...options, resolve };
    });
  }

  answer(yes: boolean): void {
    this.confirmRequest?.resolve(yes);
    this.confirmRequest = null;
  }
}
