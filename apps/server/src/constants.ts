/** Constants from the specification, named as it names them (account-area §9). */

/** Idle timeout: a session unused this long is ended on the server. */
export const IDLE_TIMEOUT_MS = 1_800_000;
/**
 * Absolute session lifetime: however active, a session ends this long after sign-in (a keep-alive
 * must not hold one open forever, e.g. on a shared office computer left signed in).
 */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** Keep-alive: how often an active browser refreshes its session. */
export const KEEP_ALIVE_MS = 300_000;
/** Password minimum length (profile form). */
export const PASSWORD_MIN_LENGTH = 12;

/**
 * Sign-in throttling. Failures are counted per account and address: past the free ones, each
 * failure doubles the wait before that address may try that account again (30 s, 1 min, 2 min …
 * up to 15 min), and a quiet window forgets them. The account stays open from every other
 * address, so no one can lock a person out by guessing wrong on purpose. Separately, an address
 * with too many failures in a window, whatever the accounts, waits out the window.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_FREE_FAILURES_PER_ACCOUNT_ADDRESS = 5;
export const LOGIN_FIRST_DELAY_MS = 30_000;
export const LOGIN_MAX_DELAY_MS = 15 * 60_000;
/** A pair's failures are forgotten after this long without one (longer than the longest wait). */
export const LOGIN_PAIR_MEMORY_MS = 24 * 60 * 60_000;
// Per address the limit is higher, and it counts each account once (its repeated failures are the
// pair's delays' business): what it stops is one address trying many accounts. It does not hold
// a person at an address they have signed in from lately, so a stranger's guesses at an office's
// shared address cannot keep the office out.
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
/** A person stays known at an address this long after signing in there. */
export const LOGIN_KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;
/**
 * Most levels of objects and arrays a JSON request body may nest (the deepest the product sends,
 * interview answers with parties in repeated groups, is under 10).
 */
export const MAX_JSON_DEPTH = 64;
/**
 * How long a Stripe Checkout session can be paid (Stripe's shortest allowed): while it can, the
 * order's coupons are held, so a coupon's last use is never charged to two buyers.
 */
export const STRIPE_CHECKOUT_OPEN_MS = 30 * 60_000;
/**
 * How long a mail's body (with its private links) stays in the outbox after it was sent, or,
 * never sent, after it was written; a job prunes it this often.
 */
export const MAIL_OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60_000;
export const MAIL_OUTBOX_PRUNE_EVERY_MS = 60 * 60_000;
/** Browser error reports accepted per address per minute. */
export const JS_LOG_MAX_PER_MINUTE = 30;
/**
 * Previews and assemblies one person may ask for per minute, each: a render costs tens of
 * milliseconds of a core, and a person clicks far fewer than this.
 */
export const RENDERS_MAX_PER_MINUTE = 30;

/** A session's last-seen time is written at most this often, so reads stay reads. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** Cookie that carries the opaque session token to the web app (httpOnly). */
export const SESSION_COOKIE = "precedent_session";

/**
 * Documents and folders (documents spec §9, account-area §9). Limits that validate requests live
 * in @precedent/contracts so the web app's forms use the same numbers; they are re-exported here.
 */
export {
  BULK_DOCUMENTS_MAX,
  DOCUMENT_LIST_MAX_PAGE_SIZE,
  DOCUMENT_LIST_PAGE_SIZE,
  DOCUMENT_NAME_MAX_LENGTH,
  DOCUMENT_SORT_OPTIONS,
  FOLDER_DEPTH,
  FOLDER_NAME_MAX_LENGTH,
  LOG_LIST_PAGE_SIZE,
  SHARED_FOLDER_DEPTH,
} from "@precedent/contracts";

/** The restricted plan (Lite): no sharing, no copies, upgrade prompts for legal review and signing. */
export const LITE_PLAN_SLUG = "ly-basic";
/** Name of a draft made without a name or template name. */
export const UNTITLED_DOCUMENT_NAME = "Untitled document";

/**
 * A name search matching at most this many documents is answered by fetching the matches through
 * the trigram index and sorting them; above it, by walking the sort order's index until a page is
 * full (matches are dense enough to find quickly). Measured on 100,000 documents: a surname in 1
 * name in 400 took 11-17 ms the second way and under 1-4 ms the first.
 */
export const SEARCH_SORT_MATCHES_LIMIT = 2_000;

/**
 * Default memory for cached document-list and folder-tree replies, in MB. A page of ten documents
 * is about 8 KB and a large firm's Shared Folders tree about 150 KB, so 64 MB holds several
 * thousand recent pages across all firms.
 */
export const DEFAULT_REPLY_CACHE_MB = 64;

/**
 * Most bytes of files one zip download may hold. A completed document's PDF and Word file come to
 * well under 1 MB, so the 50 documents a zip may hold fit many times over; the cap keeps one call
 * from tying up the server with an unbounded stream.
 */
export const DOWNLOAD_ZIP_MAX_BYTES = 100 * 1024 * 1024;

/**
 * Background jobs (src/platform/jobs). A worker looks for due jobs this often when idle (and at
 * once when woken after a commit that queued one); runs this many at a time per server; holds a
 * job for a lease it renews every third of it, so a job whose worker died is taken over by another
 * within one lease; keeps finished jobs this many days for operators to read.
 */
export const JOB_POLL_MS = 1000;
export const JOB_CONCURRENCY = 4;
export const JOB_LEASE_MS = 60_000;
export const JOB_HISTORY_DAYS = 7;
export const JOB_PRUNE_EVERY_MS = 60 * 60_000;
/** On shutdown, running jobs get this long to finish; the rest are reclaimed after their lease. */
export const JOB_STOP_GRACE_MS = 10_000;
/** Expired sessions and stale sign-in failures are removed this often (a job, across servers). */
export const SESSION_PURGE_EVERY_MS = 10 * 60_000;

/**
 * Image uploads (avatars, logos) one person may make per minute: each is decoded and re-encoded,
 * tens of milliseconds of a core, and a person uploads far fewer than this.
 */
export const MEDIA_UPLOADS_MAX_PER_MINUTE = 20;
/** An invitation link works for 7 days from when it was last sent. */
export const INVITATION_VALID_MS = 7 * 24 * 60 * 60_000;
/** An invitation is sent again at most once a minute (a double click, or someone's inbox flooded). */
export const INVITATION_RESEND_WAIT_MS = 60_000;
/** Invitation links opened or accepted per address a minute (tokens are unguessable; this is for floods). */
export const INVITATION_ACCEPTS_PER_MINUTE = 60;
/** Checks and uses of password reset links per client per minute (the tokens cannot be guessed). */
export const PASSWORD_RESET_LINK_CHECKS_PER_MINUTE = 30;
/** Account-area §9: the low-credit state ('Run out!') at this many credits remaining or fewer. */
export const LOW_CREDIT_LIMIT = 10;
/** Most rows a credit log answers at once (the modal's table scrolls; a firm has far fewer). */
export const CREDIT_LOG_MAX_ROWS = 1000;
/**
 * Two-factor sign-in: a sign-in waits this long for its code; each sign-in gets a few tries; past
 * the free failures of an account (codes and passwords at the two-factor checks), each further
 * try waits twice as long as the one before, from LOGIN_FIRST_DELAY_MS up to LOGIN_MAX_DELAY_MS.
 */
export const TWO_FACTOR_CHALLENGE_MS = 5 * 60_000;
export const TWO_FACTOR_TRIES_PER_CHALLENGE = 5;
export const TWO_FACTOR_FREE_FAILURES_PER_ACCOUNT = 10;
export const TWO_FACTOR_ISSUER = "Precedent";

/** Signing pages (issue 15 §3): requests per minute to one signing link, and from one address. */
export const SIGNING_LINK_REQUESTS_PER_MINUTE = 30;
export const SIGNING_ADDRESS_REQUESTS_PER_MINUTE = 120;
/**
 * Unknown signing links one address may try in a window (counted in the database, so shared by
 * every server): a person mistypes a link a few times; a guesser sends hundreds.
 */
export const SIGNING_LINK_GUESSES_PER_ADDRESS = 20;
export const SIGNING_LINK_GUESS_WINDOW_MS = 15 * 60_000;
/** An SMS one-time code: how long it lasts, how soon another may be sent, and the wrong guesses allowed. */
export const SIGNING_SMS_CODE_VALID_MS = 10 * 60_000;
export const SIGNING_SMS_RESEND_AFTER_MS = 60_000;
export const SIGNING_SMS_MAX_ATTEMPTS = 5;
/** A second reminder for one document within this time is refused (a double click, two tabs). */
export const SIGNING_REMINDER_GUARD_MS = 60_000;

/**
 * The worker pool (platform/workers), each overridable by its setting (WORKER_*): how many tasks
 * may wait for a worker before the API answers 503, how long one task may run, and how much
 * memory one worker may hold. The 40-page SMSF deed, the longest starter template, assembles well
 * within both (issue 35 measured it at p50 57 ms); the limits stop what never ends or grows without
 * bound.
 */
export const WORKER_QUEUE_LIMIT = 64;
export const WORKER_TASK_TIMEOUT_MS = 30_000;
export const WORKER_MEMORY_LIMIT_MB = 1024;

/**
 * Catalogue images (issue 37, loose end 1): an image no product or category names is deleted from
 * the FileStore once unused this long (an upload in flight, or a page cached with the image it
 * replaced, still finds it meanwhile), by a job run this often.
 */
export const CATALOGUE_IMAGE_GRACE_MS = 24 * 60 * 60_000;
export const CATALOGUE_IMAGE_COLLECT_EVERY_MS = 60 * 60_000;
