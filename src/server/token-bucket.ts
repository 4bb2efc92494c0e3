/**
 * A token bucket (the rate limiter of networking since Turner, 1986): tokens accrue at `rate`
 * per second up to `burst`; an action that costs more tokens than the bucket holds is refused.
 * The server gives each client one bucket for messages and one for bytes, on its own clock.
 */

/** A token bucket on an explicit clock (milliseconds). */
export class TokenBucket {
  private tokens: number;
  private last: number;

  /**
   * @param rate tokens per second
   * @param burst the bucket's size (and its initial content)
   * @param now the clock reading at creation, ms
   */
  constructor(
    readonly rate: number,
    readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Takes `cost` tokens at time `now` (ms) if the bucket holds them; returns whether it did. */
  take(cost: number, now: number): boolean {
    if (now > this.last) {
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.rate) / 1000);
      this.last = now;
    }
    if (cost > this.tokens) return false;
    this.tokens -= cost;
    return true;
  }
}
