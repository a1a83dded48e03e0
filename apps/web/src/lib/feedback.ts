import { Toast } from 'antd-mobile';
import { ApiError } from './api';
import { i18n } from './i18n';

/** A failure toast with the server's (already translated) message, or a generic one. */
export function showError(error: unknown): void {
  const content = error instanceof ApiError || error instanceof Error ? error.message : i18n.t('common.failed');
  Toast.show({ icon: 'fail', content: content || i18n.t('common.failed') });
}

export function showSuccess(content: string): void {
  Toast.show({ icon: 'success', content });
}

export function showNotice(content: string): void {
  Toast.show({ content });
}

/** A loading notice that stays until closed. */
export function showLoading(content: string): () => void {
  const handler = Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false });
  return () => handler.close();
}
