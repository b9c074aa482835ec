import {
  ProviderGrantRefused,
  ProviderLimitReached,
  type ProviderTokens,
  ProviderUnavailable,
} from "./provider.ts";

/** How many times a call asked to slow down (429) is tried again before the caller is told. */
const RETRIES_ON_429 = 3;
/** The longest we wait on one 429: a vendor asking for longer is reported, not waited out. */
const LONGEST_WAIT_MS = 10_000;
const FIRST_BACKOFF_MS = 500;

export type VendorHttpOptions = {
  vendor: string;
  fetch?: typeof fetch;
  /** Tests record the waits instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Reads a vendor's rate-limit headers after a success: how long to hold the next call (HubSpot's
   * X-HubSpot-RateLimit-Remaining 0 with its interval; Xero's X-MinLimit-Remaining 0 for a minute).
   */
  holdAfter?: (headers: Headers) => number;
  /**
   * Reads a 429's headers: a message when the vendor's allowance is spent for longer than is worth
   * waiting (Xero's X-Rate-Limit-Problem: day), so the call is refused at once and not retried.
   */
  refuseOn429?: (headers: Headers) => string | undefined;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()) {
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Calls one vendor's API: on 429 it waits as Retry-After says (or backs off 0.5 s, 1 s, 2 s) and
 * tries again, up to three times; a success whose rate-limit headers say the allowance is spent
 * holds the next call. 401 and other failures are ProviderUnavailable with the status.
 */
export function createVendorHttp(options: VendorHttpOptions) {
  const call = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  let heldUntil = 0;

  async function request(url: string, init: RequestInit = {}, what = "call"): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const hold = heldUntil - Date.now();
      if (hold > 0) {
        heldUntil = 0;
        await sleep(hold);
      }
      const response = await call(url, init);
      if (response.status === 429) {
        const refusal = options.refuseOn429?.(response.headers);
        if (refusal) {
          const after = retryAfterMs(response.headers);
          throw new ProviderLimitReached(refusal, after === undefined ? undefined : Math.ceil(after / 1000));
        }
        const wait = retryAfterMs(response.headers) ?? FIRST_BACKOFF_MS * 2 ** attempt;
        if (attempt >= RETRIES_ON_429 || wait > LONGEST_WAIT_MS)
          throw new ProviderUnavailable(`${options.vendor} ${what}: 429`, 429, Math.ceil(wait / 1000) || 1);
        await sleep(wait);
        continue;
      }
      if (response.ok && options.holdAfter) {
        const holdMs = options.holdAfter(response.headers);
        if (holdMs > 0) heldUntil = Date.now() + holdMs;
      }
      if (!response.ok && response.status !== 404)
        throw new ProviderUnavailable(
          `${options.vendor} ${what}: ${response.status}`,
          response.status,
          (retryAfterMs(response.headers) ?? 0) / 1000 || undefined,
        );
      return response;
    }
  }

  /** An OAuth token endpoint (form post): invalid_grant means the grant is gone. */
  async function token(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await call(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        ...headers,
      },
      body: new URLSearchParams(form),
    });
    if (response.status === 400 || response.status === 401) {
      const body = (await response.json().catch(() => ({}))) as { error?: string; status?: string };
      if (
        body.error === "invalid_grant" ||
        body.status === "BAD_REFRESH_TOKEN" ||
        body.status === "BAD_AUTH_CODE"
      )
        throw new ProviderGrantRefused();
    }
    if (!response.ok)
      throw new ProviderUnavailable(
        `${options.vendor} token endpoint: ${response.status}`,
        response.status,
        (retryAfterMs(response.headers) ?? 0) / 1000 || undefined,
      );
    const body = (await response.json()) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
    };
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresInSeconds: body.expires_in,
    } satisfies ProviderTokens;
  }

  return { request, token };
}

/** One organisation's allowance at a vendor: calls a minute, calls a day and calls at once. */
export type OrganisationLimits = { perMinute: number; perDay: number; atOnce: number };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;

/**
 * Keeps each organisation (tenant) within its allowance: no more than `atOnce` calls in flight,
 * `perMinute` started in any 60 s and `perDay` in a day. Calls over the minute or concurrency
 * allowance wait their turn; calls over the day allowance, or while the vendor has said the day's
 * allowance is spent, are refused with `dayLimitMessage`.
 */
export function createOrganisationLimiter(
  limits: OrganisationLimits,
  options: {
    dayLimitMessage: (retryAfterSeconds: number) => string;
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
  },
) {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  type Allowance = {
    inFlight: number;
    waiting: (() => void)[];
    startedThisMinute: number[];
    dayStartedAt: number;
    startedToday: number;
    heldUntil: number;
    refusedUntil: number;
  };
  const organisations = new Map<string, Allowance>();
  const allowanceOf = (key: string) => {
    let allowance = organisations.get(key);
    if (!allowance) {
      allowance = {
        inFlight: 0,
        waiting: [],
        startedThisMinute: [],
        dayStartedAt: now(),
        startedToday: 0,
        heldUntil: 0,
        refusedUntil: 0,
      };
      organisations.set(key, allowance);
    }
    return allowance;
  };
  const refuse = (until: number) => {
    const seconds = Math.max(1, Math.ceil((until - now()) / 1000));
    return new ProviderLimitReached(options.dayLimitMessage(seconds), seconds);
  };

  async function acquire(allowance: Allowance) {
    for (;;) {
      const at = now();
      if (allowance.refusedUntil > at) throw refuse(allowance.refusedUntil);
      if (at - allowance.dayStartedAt >= DAY_MS) {
        allowance.dayStartedAt = at;
        allowance.startedToday = 0;
      }
      if (allowance.startedToday >= limits.perDay) throw refuse(allowance.dayStartedAt + DAY_MS);
      if (allowance.inFlight >= limits.atOnce) {
        await new Promise<void>((resolve) => allowance.waiting.push(resolve));
        continue;
      }
      allowance.startedThisMinute = allowance.startedThisMinute.filter((t) => at - t < MINUTE_MS);
      const oldest = allowance.startedThisMinute[0];
      if (allowance.startedThisMinute.length >= limits.perMinute && oldest !== undefined) {
        await sleep(oldest + MINUTE_MS - at);
        continue;
      }
      if (allowance.heldUntil > at) {
        await sleep(allowance.heldUntil - at);
        continue;
      }
      allowance.inFlight++;
      allowance.startedThisMinute.push(at);
      allowance.startedToday++;
      return;
    }
  }

  function release(allowance: Allowance) {
    allowance.inFlight--;
    allowance.waiting.shift()?.();
  }

  return {
    /** Runs one call for an organisation within its allowance. */
    async run<T>(organisation: string, call: () => Promise<T>): Promise<T> {
      const allowance = allowanceOf(organisation);
      await acquire(allowance);
      try {
        return await call();
      } catch (error) {
        // The vendor says the day's allowance is spent: later calls are refused without asking.
        if (error instanceof ProviderLimitReached)
          allowance.refusedUntil = now() + (error.retryAfterSeconds ?? 3600) * 1000;
        throw error;
      } finally {
        release(allowance);
      }
    },
    /** The vendor's count says the minute's allowance is spent: the organisation's next calls wait. */
    holdFor(organisation: string, ms: number) {
      const allowance = allowanceOf(organisation);
      allowance.heldUntil = Math.max(allowance.heldUntil, now() + ms);
    },
  };
}

const STATE_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    "NEW SOUTH WALES": "NSW",
    VICTORIA: "VIC",
    QUEENSLAND: "QLD",
    "WESTERN AUSTRALIA": "WA",
    "SOUTH AUSTRALIA": "SA",
    TASMANIA: "TAS",
    "AUSTRALIAN CAPITAL TERRITORY": "ACT",
    "NORTHERN TERRITORY": "NT",
    "NORFOLK ISLAND": "NFK",
  }),
);

/** A state as vendors write it ("VICTORIA", "Vic", "VIC") as the interview's code. */
export const stateCode = (state: string | null | undefined) => {
  const upper = (state ?? "").trim().toUpperCase();
  return STATE_NAMES.get(upper) ?? upper;
};

/** An address from its parts, for the client detail. */
export function addressOf(parts: {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  postCode?: string | null;
  country?: string | null;
}) {
  const street = parts.street?.trim() ?? "";
  if (!street) return null;
  const region = stateCode(parts.state);
  const city = parts.city?.trim() ?? "";
  const post_code = parts.postCode?.trim() ?? "";
  return {
    full_address: [street, [city, region, post_code].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    street,
    city,
    region,
    post_code,
    country: parts.country?.trim() || "Australia",
  };
}
