/**
 * What the database tells this server about changes committed by anyone (this server, another
 * server on the same database, a script): the triggers of migration 0010 notify the channel
 * `precedent_changes` when a firm's lists change ('firm:{id}', or 'firms' for all firms; the firm's
 * plan, its standing and its credits included, migration 0019; its company details, 0036), when
 * sessions end or change in anything but their touch ('sessions', migrations 0010 and 0019), when
 * a person's own row or memberships change ('person:{id}', 0036) and when the catalogue changes
 * ('catalogue', 0036) and when a setting is edited in the operator console ('settings', 0061).
 * Memory caches (the session cache in the auth service, and through it the
 * reply cache) keep what they read only while the feed says nothing has changed since.
 *
 * Reading it: take `mark()` before reading from the database, keep the mark with what was read,
 * and ask `firmUnchangedSince(mark, firm)` / `sessionsUnchangedSince(mark)` /
 * `personUnchangedSince(mark, person)` / `catalogueUnchangedSince(mark)` before reusing it.
 * While the feed is not listening (not started, connection lost, reconnecting) both answer false,
 * so every request reads the database; whatever was read before a reconnection is dropped,
 * because changes made while nobody listened were never heard.
 *
 * A connection can also stall without closing (a half-open TCP connection, a stuck proxy): then
 * nothing says it is lost while changes go unheard. So the feed sends itself a heartbeat through
 * the database every `heartbeatMs`. PostgreSQL delivers notifications in commit order, so a beat
 * heard back means every change committed before it was *sent* has been heard; memory is trusted
 * only while the latest beat heard was sent within `staleAfterMs`. The bound: a change committed
 * while the feed is stalled is served from memory for at most `staleAfterMs` (1 s) after it
 * commits; then every request reads the database. Once beats come back, whatever was kept
 * before is dropped. (Measuring from when a beat was heard, not sent, and with 3 s, a revoked
 * session was still served 2.7 s into a stall.)
 */
export const CHANGES_CHANNEL = "precedent_changes";

/** A connection to listen on, from `DatabaseHandle.notifications()`. */
export type NotificationSource = {
  /**
   * Listens on `channel`; `onLost` is called once if the connection drops. Resolves with a
   * function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLost: (error: unknown) => void,
  ): Promise<() => Promise<void>>;
  /** Sends a notification (through the pool, so after every earlier commit of this server). */
  notify(channel: string, payload: string): Promise<void>;
};

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

/** How often the feed sends itself a heartbeat, and how long without one it trusts memory. */
export const HEARTBEAT_MS = 200;
export const STALE_AFTER_MS = 1000;

export function createChangeFeed(
  source: NotificationSource,
  options: {
    retryMs?: number;
    heartbeatMs?: number;
    staleAfterMs?: number;
    onError?: (error: unknown) => void;
    /** Told when beats stop coming back in time, and when they come back. */
    onStalled?: (stalled: boolean) => void;
  } = {},
) {
  const retryMs = options.retryMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  // Beats carry this feed's own name, so several servers on one database each count only theirs.
  const beatPrefix = `beat:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
  let beatCount = 0;
  /** When each beat not yet heard back was sent (the oldest are dropped in a long stall). */
  const beatsSentAt = new Map<number, number>();
  /** When the latest beat heard back was sent: every change committed before then was heard. */
  let lastBeatSentAt = 0;
  let stalled = false;
  let beating: NodeJS.Timeout | undefined;
  // One counter orders marks and changes: a change heard after a mark gets a larger number.
  let tick = 0;
  let listening = false;
  let everythingChangedAt = 0;
  let sessionsEndedAt = 0;
  let catalogueChangedAt = 0;
  let settingsChangedAt = 0;
  const firmChangedAt = new Map<number, number>();
  const personChangedAt = new Map<number, number>();
  const syncs = new Map<string, () => void>();
  let syncCount = 0;
  let stop: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  function heard(payload: string) {
    tick += 1;
    if (payload.startsWith("firm:")) firmChangedAt.set(Number(payload.slice("firm:".length)), tick);
    else if (payload === "firms") everythingChangedAt = tick;
    else if (payload === "sessions") sessionsEndedAt = tick;
    else if (payload.startsWith("person:"))
      personChangedAt.set(Number(payload.slice("person:".length)), tick);
    else if (payload === "catalogue") catalogueChangedAt = tick;
    else if (payload === "settings") settingsChangedAt = tick;
    else if (payload.startsWith(beatPrefix)) beatHeard(Number(payload.slice(beatPrefix.length)));
    else syncs.get(payload)?.();
  }

  function beatHeard(beat: number) {
    const sentAt = beatsSentAt.get(beat);
    if (sentAt === undefined) return;
    for (const earlier of beatsSentAt.keys()) {
      if (earlier > beat) break;
      beatsSentAt.delete(earlier);
    }
    lastBeatSentAt = Math.max(lastBeatSentAt, sentAt);
    if (!fresh()) return;
    if (!stalled) return;
    stalled = false;
    // Changes held up in the stall arrived before this beat, but drop everything kept anyway:
    // what a stalled connection may have lost cannot be known.
    everythingChangedAt = ++tick;
    options.onStalled?.(false);
  }

  /** True while beats come back in time (always, with heartbeats off). */
  function fresh() {
    if (heartbeatMs <= 0) return true;
    if (performance.now() - lastBeatSentAt <= staleAfterMs) return true;
    if (!stalled && listening) {
      stalled = true;
      options.onStalled?.(true);
    }
    return false;
  }

  function beat() {
    if (!listening) return;
    beatCount += 1;
    beatsSentAt.set(beatCount, performance.now());
    if (beatsSentAt.size > 1000) beatsSentAt.delete(beatsSentAt.keys().next().value as number);
    // A failed send is not heard, which is all the feed needs to know.
    source.notify(CHANGES_CHANNEL, `${beatPrefix}${beatCount}`).catch(() => {});
    fresh();
  }

  function lost(error: unknown) {
    if (!listening) return;
    listening = false;
    everythingChangedAt = ++tick;
    // Whatever is left of the old connection is closed; a new one is opened below.
    const previous = stop;
    stop = undefined;
    previous?.().catch(() => {});
    for (const release of syncs.values()) release();
    options.onError?.(error);
    if (!closed) retry = setTimeout(() => void connect(), retryMs);
  }

  async function connect() {
    try {
      stop = await source.listen(CHANGES_CHANNEL, heard, lost);
      // Whatever was read before now may have missed changes nobody heard.
      everythingChangedAt = ++tick;
      listening = !closed;
      lastBeatSentAt = performance.now();
      beatsSentAt.clear();
      stalled = false;
      if (heartbeatMs > 0 && !beating && !closed) {
        beating = setInterval(beat, heartbeatMs);
        beating.unref();
      }
    } catch (error) {
      options.onError?.(error);
      if (!closed) retry = setTimeout(() => void connect(), retryMs);
    }
  }

  return {
    /** Starts listening; until it has, nothing read is reused. */
    start: connect,

    get listening() {
      return listening;
    },

    /** True when the feed listens but its heartbeats have stopped coming back in time. */
    get stalled() {
      return listening && !fresh();
    },

    /** A mark to take before reading what will be kept. */
    mark: () => ++tick,

    /**
     * True when nothing in this firm has changed since `mark` (and the feed has listened
     * throughout, its heartbeats coming back in time).
     */
    firmUnchangedSince(mark: number, teamId: number) {
      return listening && everythingChangedAt < mark && (firmChangedAt.get(teamId) ?? 0) < mark && fresh();
    },

    /** True when no session has ended since `mark` (and the feed has listened throughout). */
    sessionsUnchangedSince(mark: number) {
      return listening && everythingChangedAt < mark && sessionsEndedAt < mark && fresh();
    },

    /**
     * True when nothing of this person's own (their row, which firms they belong to and their
     * role in each) has changed since `mark`, the feed listening throughout.
     */
    personUnchangedSince(mark: number, userId: number) {
      return listening && everythingChangedAt < mark && (personChangedAt.get(userId) ?? 0) < mark && fresh();
    },

    /** True when no product, category or link of the catalogue has changed since `mark`. */
    catalogueUnchangedSince(mark: number) {
      return listening && everythingChangedAt < mark && catalogueChangedAt < mark && fresh();
    },

    /** True when no setting edited in the operator console has changed since `mark` (0061). */
    settingsUnchangedSince(mark: number) {
      return listening && everythingChangedAt < mark && settingsChangedAt < mark && fresh();
    },

    /**
     * Marks a firm changed by this server, at once: its own writes must show in the very next
     * request, which may arrive before the database's notification does.
     */
    firmChanged(teamId: number) {
      firmChangedAt.set(teamId, ++tick);
    },

    /** Marks the catalogue changed by this server, at once (see `firmChanged`): a console edit. */
    catalogueChanged() {
      catalogueChangedAt = ++tick;
    },

    /** Marks a person changed by this server, at once (see `firmChanged`). */
    personChanged(userId: number) {
      personChangedAt.set(userId, ++tick);
    },

    /**
     * Marks sessions ended by this server, at once: a sign-out must hold for the very next
     * request, and for any session read begun before it that finishes after it.
     */
    sessionsEnded() {
      sessionsEndedAt = ++tick;
    },

    /** Resolves once every change committed before the call has been heard. */
    async sync() {
      if (!listening) return;
      syncCount += 1;
      const payload = `sync:${process.pid}:${syncCount}`;
      // Notifications reach a listener in commit order: hearing this one means hearing all before it.
      const heardIt = new Promise<void>((resolve) => syncs.set(payload, resolve));
      await source.notify(CHANGES_CHANNEL, payload);
      await heardIt;
      syncs.delete(payload);
    },

    async close() {
      closed = true;
      listening = false;
      clearTimeout(retry);
      clearInterval(beating);
      await stop?.().catch(() => {});
    },
  };
}
