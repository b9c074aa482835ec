/** Constants from the specification (account-area §9), named as it names them. */

/** HTTP timeout of the main-site client. */
export const HTTP_TIMEOUT_MS = 60_000;
/**
 * Idle timeout and keep-alive period. The server sends the values in force with every auth
 * check; these are only the fallbacks until it has.
 */
export const IDLE_TIMEOUT_MS = 1_800_000;
export const KEEP_ALIVE_MS = 300_000;

/** Date display format. */
export const DATE_FORMAT = "DD MMM YYYY";

/** Low-credit state when the remaining credit is this or fewer. */
export const LOW_CREDIT_LIMIT = 10;

/** Storage key of the selected team (firm) id. */
export const TEAM_ID_STORAGE_KEY = "team_id";
/** Storage key shared by tabs so activity in one keeps the others from going idle. */
export const LAST_ACTIVITY_STORAGE_KEY = "last_activity";

/** Where a signed-in user lands by default. */
export const HOME_PATH = "/my-account/my-company";
export const LOGIN_PATH = "/login";
/** "Forgot password?": asking for a reset link, and the page the e-mailed link opens. */
export const FORGOT_PASSWORD_PATH = "/forgot-password";

/** Documents spec §9: the my documents page's search fires after this pause. */
export const DOCUMENT_SEARCH_DEBOUNCE_MS = 400;
/** Documents spec §9: the next page loads when the list is scrolled within this of its bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 15;
/** Documents spec §9: infinite scroll applies to lists taller than this. */
export const INFINITE_SCROLL_MIN_LIST_HEIGHT_PX = 200;
/** Account-area §2: change-log times are shown at UTC+10 (the calendar's offset) in this format. */
export const CHANGE_LOG_TIME_FORMAT = "hh:mm a - DD MMM YYYY";

export const DOCUMENTS_PATH = "/my-account/my-document";
/**
 * Where sign-in lands when no page asked for it (issue 33 item 8): My Documents, where a firm
 * starts its work, not My Company, which a new firm has nothing to do on.
 */
export const SIGN_IN_LANDING_PATH = DOCUMENTS_PATH;

/** Documents spec §9: the create-document dialog's template search fires after this pause. */
export const CREATE_DIALOG_SEARCH_DEBOUNCE_MS = 1000;
/** Documents spec §9: the catalogue page's template search fires after this pause. */
export const TEMPLATE_SEARCH_DEBOUNCE_MS = 400;
/** The My Integrations page's search box (spec D2-130: debounced 1 s, longer than the lists' 400 ms). */
export const INTEGRATIONS_SEARCH_DEBOUNCE_MS = 1000;
/** Documents spec §9: the products page's 'Search templates' autocomplete fires after this pause. */
export const PRODUCT_AUTOCOMPLETE_DEBOUNCE_MS = 800;
/** Documents spec §9: category carousel slides per view — wide, at 768 px, at 480 px. */
export const CAROUSEL_SLIDES = { wide: 6, tablet: 4, phone: 2 } as const;
export const CAROUSEL_BREAKPOINTS_PX = { tablet: 768, phone: 480 } as const;
/** The catalogue page (documents spec §2 "Catalogue page"). */
export const TEMPLATES_PATH = "/my-account/templates";
/** The document interview page (documents spec §2 Routes). */
export const INTERVIEW_PATH = "/my-account/my-document/template";
/** Where 'Contact Support' (document limit reached) writes to. */
export const SUPPORT_EMAIL = "support@precedent.com.au";
/** My Orders: the person's orders and tax invoices (the 'Payment Confirmed' dialog points here). */
export const ORDERS_PATH = "/my-account/my-orders";

/** My Account: the person's own profile, billing details and password (account-area §2). */
export const EDIT_PROFILE_PATH = "/my-account/edit-profile";
/** Inviting people and the pending invitations (owners and managers). */
export const INVITATIONS_PATH = "/my-account/invitations";
/** Account-area §2 and §9: the billing portal is prepared this long after the plans modal shows. */
export const BILLING_SCRIPT_DELAY_MS = 2000;
/** Account-area §9: credit packages shown at a time in the Buying Credit modal (arrows step by this). */
export const CREDIT_PACKAGES_PER_PAGE = 3;
/** Account-area §9: the credit log tables' height. */
export const CREDIT_LOG_TABLE_HEIGHT = 320;
/** The Buy button ignores further clicks for this long (account-area §5: debounced). */
export const BUY_CREDIT_DEBOUNCE_MS = 1000;
/** The credit number's font size by digit count (account-area §9: 10 to 14). */
export const creditFontSize = (remaining: number) =>
  Math.max(10, Math.min(14, 16 - String(Math.abs(remaining)).length));
/** Account-area §4: the announcement toast stays this long unless dismissed. */
export const ANNOUNCEMENT_TOAST_MS = 60_000;
/** Storage key of the last announcement the user dismissed (by id), so it stays hidden. */
export const DISMISSED_ANNOUNCEMENT_STORAGE_KEY = "dismissed_announcement";
/** Account-area §2: the local flag that, once false, keeps the Lite video intro closed. */
export const SHOW_VIDEO_LITE_STORAGE_KEY = "showVideoLite";
/** The activity log page: the firm's (or, for a member, one's own) document activity. */
export const ACTIVITY_LOG_PATH = "/my-account/activity-log";
/** The person's sign-in security page (two-factor authentication). */
export const SECURITY_PATH = "/my-account/security";
