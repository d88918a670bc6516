/** A YouCan answer other than success, with what the caller needs to decide: retry, refresh or give up. */
export class YoucanApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** From `Retry-After` on a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`YouCan answered ${status}: ${detail}`);
  }

  get isUnauthenticated() {
    return this.status === 401;
  }

  get isRateLimited() {
    return this.status === 429;
  }

  /** Worth trying again later: rate limits, YouCan's own failures, and no answer at all. */
  get isTransient() {
    return this.status === 429 || this.status >= 500 || this.status === 0;
  }
}
