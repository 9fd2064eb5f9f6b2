import { ERROR_CODES, type ErrorCode } from '@tj/core';

/** The HTTP status of every error code, from the one declaration of the codes (`ERROR_CODES` of @tj/schemas). */
export const STATUS_OF_CODE: Readonly<Record<ErrorCode, number>> = Object.fromEntries(
  Object.values(ERROR_CODES).map((entry) => [entry.code, entry.status]),
) as Record<ErrorCode, number>;

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The reason phrase of an error status, for a problem body's `title`. */
export function statusTitle(status: number): string {
  return TITLES[status] ?? 'Error';
}
