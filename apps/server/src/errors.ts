import type { MessageKey } from '@lucky28/shared';

/**
 * A failure the user should see: answered with the envelope, `code` 0 (or 401), and `msg` in the
 * request's language. Anything else thrown is an unexpected failure (HTTP 500, generic message).
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly options: {
      params?: Record<string, string | number>;
      field?: string;
      httpStatus?: number;
      code?: number;
    } = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError('err.not_logged_in', { httpStatus: 401, code: 401 });
