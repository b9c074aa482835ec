import { z } from "zod";
import { QueueAssignedFilter, QueueAssigneeFilter, QueueFirmFilter } from "./console-queues.ts";
import { envelope, paged } from "./envelope.ts";
import { idParam } from "./folders.ts";
import { DeliveryAddress, FulfilmentKind } from "./fulfilment.ts";
import { FulfilmentStatus } from "./fulfilment-columns.ts";
import { TotpCode, TotpSetup } from "./two-factor.ts";

/**
 * The operator console (issue 37): the staff who run the business, apart from the firms. Staff
 * sign in at /api/console/login with their own session cookie and two-factor sign-in always.
 */
export const STAFF_ROLES = ["administrator", "support", "content_editor", "fulfilment"] as const;
export const StaffRole = z.enum(STAFF_ROLES, { error: "Choose a role" });
export type StaffRole = z.infer<typeof StaffRole>;
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  administrator: "Administrator",
  support: "Support",
  content_editor: "Content editor",
  fulfilment: "Fulfilment",
};

export const CONSOLE_MESSAGES = {
  signIn: "Please sign in to the console.",
  wrongPassword: "The email or password is not right.",
  twoFactorFirst: "Enter the code from your authenticator app first.",
  setUpTwoFactorFirst: "Set up two-factor sign-in before anything else.",
  signInEnded: "This sign-in has ended. Please sign in again.",
  refused: "Your role does not allow this.",
  requestNotFound: "No such request.",
  staffNotFound: "No such staff account.",
  assigneeNotAllowed: "Only an active administrator or fulfilment staff member can take this request.",
  cannotMove: (from: string, to: string) => `A request that is ${from} cannot be moved to ${to}.`,
  emailTaken: "A staff account with this email already exists.",
  lastAdministrator: "The console needs at least one active administrator: make someone else one first.",
  notYourself: "You cannot deactivate your own account.",
} as const;

const Email = z
  .string({ error: "Enter an email address" })
  .trim()
  .toLowerCase()
  .max(254, "The email address is too long")
  .pipe(z.email({ error: "Enter a valid email address" }));

/** At least 12 characters: the one thing a first password for a staff account must be. */
const StaffPassword = z
  .string({ error: "Enter a password" })
  .min(12, "Use at least 12 characters")
  .max(200, "Use at most 200 characters");

export const ConsoleSignInRequest = z.object({
  email: Email,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200),
});

/** What a staff member may do in the console, from their role (the server decides, the web shows). */
export const ConsoleAbilities = z.object({
  fulfilment: z.boolean(),
  staff: z.boolean(),
  audit: z.boolean(),
  queues: z.boolean(),
  firms: z.boolean(),
  templates: z.boolean(),
  /** Read the settings; `settings_edit`: change them. */
  settings: z.boolean(),
  settings_edit: z.boolean(),
  announcements: z.boolean(),
  catalogue: z.boolean(),
  money: z.boolean(),
});
export type ConsoleAbilities = z.infer<typeof ConsoleAbilities>;

export const ConsoleStaff = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
});

/**
 * The caller's console session: `step` is what must come before anything else (`setup`: add an
 * authenticator; `code`: enter its code), null once signed in with both.
 */
export const ConsoleSession = z.object({
  staff: ConsoleStaff,
  step: z.enum(["setup", "code"]).nullable(),
  abilities: ConsoleAbilities,
});
export type ConsoleSession = z.infer<typeof ConsoleSession>;
export const ConsoleSessionResponse = envelope(ConsoleSession);
export const ConsoleSetupResponse = envelope(TotpSetup);
export const ConsoleCodeRequest = z.object({ code: TotpCode });
export const ConsoleDoneResponse = envelope(z.null());

// --- The fulfilment queue --------------------------------------------------------------------

/** The steps staff take on a paid request (the fulfilment module's own rules decide from where). */
export const FulfilmentStaffStatus = z.enum(["in_progress", "completed", "cancelled"], {
  error: "Choose in progress, completed or cancelled",
});
export type FulfilmentStaffStatus = z.infer<typeof FulfilmentStaffStatus>;

/** A status as the console names it: a legal review in progress is in review, a hard copy is sent. */
export const fulfilmentStatusLabel = (kind: FulfilmentKind, status: FulfilmentStatus) =>
  ({
    requested: "Requested (not paid)",
    paid: "Paid",
    in_progress: kind === "legal_review" ? "In review" : "Sent",
    completed: "Completed",
    cancelled: "Cancelled",
  })[status];

export const FulfilmentQueueQuery = z.object({
  status: z
    .enum(["open", "requested", "paid", "in_progress", "completed", "cancelled", "all"], {
      error: "Choose a status",
    })
    .default("open")
    .describe("`open`: paid or in progress (the work waiting); `all`: every status"),
  kind: FulfilmentKind.optional(),
  firm: QueueFirmFilter,
  assigned: QueueAssignedFilter,
  assignee_id: QueueAssigneeFilter,
  page: z.coerce.number().int().min(1, "page must be 1 or more").max(100_000).default(1),
});

export const FulfilmentQueueRow = z.object({
  id: z.number().int(),
  kind: FulfilmentKind,
  status: FulfilmentStatus,
  status_label: z.string(),
  team_id: z.number().int(),
  firm_name: z.string(),
  doc_id: z.number().int(),
  doc_name: z.string(),
  order_id: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string(),
  total: z.number().int().describe("Cents, GST included"),
  note: z.string(),
  copies: z.number().int().nullable(),
  shipping_label: z.string().nullable(),
  address: DeliveryAddress.nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  updated_at: z.string(),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  abilities: z.object({
    assign: z.boolean(),
    /** The statuses this request may be moved to now. */
    move_to: z.array(FulfilmentStaffStatus),
  }),
});
export type FulfilmentQueueRow = z.infer<typeof FulfilmentQueueRow>;
export const FulfilmentQueueResponse = envelope(paged(FulfilmentQueueRow));
export const FulfilmentQueueRowResponse = envelope(FulfilmentQueueRow);
export const ConsoleRequestParams = z.object({ id: idParam("id") });
export const AssignRequestBody = z.object({
  staff_id: idParam("staff_id")
    .nullable()
    .describe("The staff member to take it; null to leave it unassigned"),
});
export const MoveRequestBody = z.object({ status: FulfilmentStaffStatus });

// --- Staff administration --------------------------------------------------------------------

export const StaffAccount = ConsoleStaff.extend({
  active: z.boolean(),
  two_factor_on: z.boolean(),
  created_at: z.string(),
  abilities: z.object({ change_role: z.boolean(), deactivate: z.boolean(), reactivate: z.boolean() }),
});
export type StaffAccount = z.infer<typeof StaffAccount>;
export const StaffListResponse = envelope(z.object({ rows: z.array(StaffAccount) }));
export const StaffAccountResponse = envelope(StaffAccount);
export const AddStaffRequest = z.object({
  email: Email,
  name: z
    .string({ error: "Enter a name" })
    .trim()
    .min(1, "Enter a name")
    .max(120, "Use at most 120 characters"),
  role: StaffRole,
  password: StaffPassword.describe(
    "A first password to pass on; two-factor set-up follows at the first sign-in",
  ),
});
export const StaffParams = z.object({ id: idParam("id") });
export const ChangeStaffRequest = z
  .object({
    role: StaffRole.optional(),
    active: z.boolean({ error: "active must be true or false" }).optional(),
  })
  .refine((v) => v.role !== undefined || v.active !== undefined, {
    error: "Change the role or the active state",
  });

// --- The audit log ---------------------------------------------------------------------------

export const AuditQuery = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").max(100_000).default(1),
  staff_id: idParam("staff_id").optional(),
});
export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  staff: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditResponse = envelope(paged(AuditEntry));
export type FulfilmentQueueFilter = z.output<typeof FulfilmentQueueQuery>;
export type AuditFilter = z.output<typeof AuditQuery>;
