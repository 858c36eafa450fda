import { ApiError as ApiErrorBody } from '@doppel/protocol';

/** A failed API call: the HTTP status (0 for a network failure) and the server's `error` text. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }

  /** Builds the error from a non-OK response, reading the server's `{"error": "..."}` body when there is one. */
  static async fromResponse(response: Response): Promise<ApiError> {
    let message = `Request failed (${response.status})`;
    try {
      const parsed = ApiErrorBody.safeParse(await response.json());
      if (parsed.success) message = parsed.data.error;
    } catch {
      // Not JSON: keep the status text.
    }
    return new ApiError(response.status, message);
  }
}

/** True when the error is a 404 from the API. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
