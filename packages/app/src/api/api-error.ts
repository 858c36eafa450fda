import { ApiError as ApiErrorBody, DetailError } from '@doppel/protocol';

/**
 * A failed API call: the HTTP status (0 for a network failure), the server's `error` text (or
 * `detail`, which the phone routes use), and the parsed JSON body for callers that need more of
 * it (a 402 carries the refusing usage).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** Builds the error from a non-OK response, reading `{"error": "..."}` or `{"detail": "..."}`. */
  static async fromResponse(response: Response): Promise<ApiError> {
    let message = `Request failed (${response.status})`;
    let body: unknown = null;
    try {
      body = await response.json();
      const error = ApiErrorBody.safeParse(body);
      const detail = DetailError.safeParse(body);
      if (error.success) message = error.data.error;
      else if (detail.success) message = detail.data.detail;
    } catch {
      // Not JSON: keep the status text.
    }
    return new ApiError(response.status, message, body);
  }
}

/** True when the error is a 404 from the API. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The HTTP status of a failed call; 0 for a network failure or anything that is not an `ApiError`. */
export function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

/** The readable reason of a failure. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What went wrong, for a failure report: the server's status, the error's name and message. */
export function describeFailure(error: unknown): string {
  const status = statusOf(error);
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (status ? `${status} ${text}` : text).slice(0, 200);
}
