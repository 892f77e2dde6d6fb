// The lookup limit's memory (clientLookup, decision 221): what one app instance knows of each
// address's lookups, so that
//  - a page view counts once: /rastreo asks the lookup, coupons, referrals (and comprobantes, the
//    account's state) for one code at the same moment; the first request of a page view is
//    counted, the page's other routes for the same code from the same address within VIEW_MS ride
//    on it (each route once: a repeated route, a reload, is a new view, counted);
//  - a lookup answered from memory takes no database turn: within the address's free lookups it
//    is counted here, on top of the shared counter's count as last heard, and added to the shared
//    counter (PostgreSQL, every instance) with the address's next count there.
// Bounded (least recently used addresses and views forgotten first); forgetting only ever lets a
// view be counted again, or drops hits not yet added to the shared counter.
import { LRUCache } from "lru-cache";

/** How long the other requests of a page view ride on its first one. */
export const VIEW_MS = 10_000;
const MAX_VIEWS = 100_000;
const MAX_ADDRESSES = 100_000;

interface View {
  /** The routes (path patterns) that took part, each once. */
  routes: Set<string>;
  /** Whether the first request was counted and let through (false: refused, the view is gone). */
  verdict: Promise<boolean>;
  expiresAt: number;
}

interface Tally {
  /** The shared counter's count when last heard in this window (this instance's sends included). */
  shared: number;
  /** Lookups counted here and not yet sent to the shared counter. */
  unsent: number;
  /** Lookups on their way to the shared counter in statements under way. */
  sending: number;
  resetAt: number;
}

export class LookupAllowance {
  private readonly views = new LRUCache<string, View>({ max: MAX_VIEWS });
  private readonly tallies = new LRUCache<string, Tally>({ max: MAX_ADDRESSES });

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Takes part in the open page view of `code` from `address`, if there is one this route has not
   * taken part in yet: answers its first request's verdict (true: this one is not counted).
   */
  join(address: string, code: string, route: string): Promise<boolean> | undefined {
    const view = this.views.get(viewKey(address, code));
    if (!view || view.expiresAt <= this.now() || view.routes.has(route)) return undefined;
    view.routes.add(route);
    return view.verdict;
  }

  /** Opens a page view with this request, counted by the caller; settle it with the outcome. */
  open(address: string, code: string, route: string): (allowed: boolean) => void {
    const key = viewKey(address, code);
    let settle!: (allowed: boolean) => void;
    const view: View = { routes: new Set([route]), verdict: new Promise<boolean>((resolve) => (settle = resolve)), expiresAt: this.now() + VIEW_MS };
    this.views.set(key, view);
    return (allowed) => {
      if (!allowed && this.views.get(key) === view) this.views.delete(key);
      settle(allowed);
    };
  }

  /** Counts one lookup answered from memory: the address's count in the window with it. */
  countHere(address: string, windowMs: number): number {
    const tally = this.tally(address, windowMs);
    tally.unsent++;
    return tally.shared + tally.sending + tally.unsent;
  }

  /** Gives back a lookup counted here (to be counted in the shared counter instead). */
  giveBack(address: string): void {
    const tally = this.tallies.get(address);
    if (tally && tally.unsent > 0) tally.unsent--;
  }

  /** Before a count in the shared counter: the lookups counted here to add with it. */
  beginSend(address: string, windowMs: number): number {
    const tally = this.tally(address, windowMs);
    const sending = tally.unsent;
    tally.unsent = 0;
    tally.sending += sending;
    return sending;
  }

  /** After it: the shared count heard (null: the statement failed, the lookups stay unsent). */
  endSend(address: string, sent: number, heard: { count: number; retryAfterSeconds: number } | null): void {
    const tally = this.tallies.get(address);
    if (!tally) return;
    tally.sending = Math.max(0, tally.sending - sent);
    if (!heard) {
      tally.unsent += sent;
      return;
    }
    const resetAt = this.now() + heard.retryAfterSeconds * 1000;
    // Another window than the one kept here (the shared counter started again, or started before
    // this instance heard of the address): the shared counter's is the one.
    if (Math.abs(resetAt - tally.resetAt) > 1000) {
      tally.shared = heard.count;
      tally.resetAt = resetAt;
    } else {
      tally.shared = Math.max(tally.shared, heard.count);
    }
  }

  private tally(address: string, windowMs: number): Tally {
    const now = this.now();
    let tally = this.tallies.get(address);
    if (!tally || tally.resetAt <= now) {
      tally = { shared: 0, unsent: 0, sending: tally?.sending ?? 0, resetAt: now + windowMs };
      this.tallies.set(address, tally);
    }
    return tally;
  }
}

function viewKey(address: string, code: string): string {
  return `${address} ${code}`;
}
