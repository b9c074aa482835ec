import { createHash, randomBytes } from "node:crypto";
import {
  type AcceptInvitationRequest,
  CONFIRM_PASSWORD_MISMATCH,
  CONFIRM_PASSWORD_REQUIRED,
  type CreateInvitationRequest,
  type FieldError,
  type Invitation,
  type InvitationList,
  type InvitationRole,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  type PublicInvitation,
} from "@precedent/contracts";
import { and, count, desc, eq, gt, ne, sql } from "drizzle-orm";
import { INVITATION_RESEND_WAIT_MS, INVITATION_VALID_MS } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import { type AuthService, hashPassword } from "../auth/index.ts";
import type { MailService } from "../mail/index.ts";
import { addMember, firmSeats, memberRole } from "../teams/index.ts";
import { createUser, type UsersService } from "../users/index.ts";
import { invitationMail, invitationPath } from "./invitation-mail.ts";
import { canInvite, canManageInvitation, canViewInvitations, invitableRoles } from "./policy.ts";
import { type InvitationRow, teamInvitations } from "./schema.ts";

export type InvitationsService = ReturnType<typeof createInvitationsService>;

/** The messages of this module, for the web app and the tests to read as they are. */
export const INVITATION_MESSAGES = {
  twoFactorFirst:
    "Your account uses two-factor sign-in, which this page cannot complete. Please ask the person who invited you to add you once you have signed in.",
  limit: (n: number) =>
    `Your plan allows up to ${n} ${n === 1 ? "user" : "users"}. Upgrade your plan to invite more.`,
  limitAtAcceptance: (firm: string, n: number) =>
    `${firm} already has the ${n} ${n === 1 ? "user" : "users"} its plan allows. Please ask the person who invited you to upgrade the plan.`,
  alreadyInvited: "This person has already been invited. You can resend the invitation instead.",
  alreadyMember: "This person is already a member of your firm.",
  youAreMember: "You are already a member of this firm. Please sign in.",
  managerInvitesMembers: "Only the owner can invite a manager.",
  notAllowed: "You do not have permission to manage invitations.",
  notFound: "Invitation not found.",
  invalidLink: "This invitation link is not valid.",
  expired: "This invitation has expired. Please ask the person who invited you to send it again.",
  revoked: "This invitation has been withdrawn. Please ask the firm to send you a new one.",
  accepted: "This invitation has already been accepted. Please sign in.",
  acceptedAlready: "This invitation has already been accepted.",
  resendTooSoon: "This invitation was sent a moment ago. Please wait a minute before sending it again.",
  accountExists: "An account with this email already exists. Please enter its password to accept.",
  firstName: "First name is required",
  lastName: "Last name is required",
} as const;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
const sameEmail = (email: string) => sql`lower(${teamInvitations.email}) = ${email.trim().toLowerCase()}`;

const conflict = (message: string) => new AppError(409, message);
const gone = (message: string) => new AppError(410, message);

/**
 * Invitations to join a firm within its plan's user limit (issue 14, item 3). The limit counts
 * the firm's members and its invitations still open, under a lock on the firm's row, so that
 * neither parallel invitations nor parallel acceptances pass it; acceptance checks it again, as
 * the plan may have changed since the invitation was sent.
 */
export function createInvitationsService(deps: {
  db: Database;
  clock: Clock;
  users: UsersService;
  auth: AuthService;
  mail: MailService;
}) {
  const { db, clock, users, auth, mail } = deps;

  const openNow = (now: Date) =>
    and(eq(teamInvitations.status, "pending"), gt(teamInvitations.expiresAt, now));

  /** Invitations of a firm still open (pending and not expired), less the one being renewed. */
  async function openInvitations(tx: Database, teamId: number, except?: number) {
    const [row] = await tx
      .select({ n: count() })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.teamId, teamId),
          openNow(clock()),
          except === undefined ? undefined : ne(teamInvitations.id, except),
        ),
      );
    return row?.n ?? 0;
  }

  /** Refuses (409) when one more person would pass the plan's limit; call under the firm's lock. */
  async function assertSeat(tx: Database, teamId: number, except?: number) {
    const seats = await firmSeats(tx, teamId, { lock: true });
    const open = await openInvitations(tx, teamId, except);
    if (seats.members + open >= seats.maxUsers) throw conflict(INVITATION_MESSAGES.limit(seats.maxUsers));
    return seats;
  }

  /** A fresh token and expiry for a send, and the mail carrying the link. */
  function sending(
    row: Pick<InvitationRow, "email" | "role">,
    sendCount: number,
    firm: { name: string; inviterName: string; origin: string },
  ) {
    const token = newToken();
    const tokenHash = hashToken(token);
    const sentAt = clock();
    const expiresAt = new Date(sentAt.getTime() + INVITATION_VALID_MS);
    const message = invitationMail({
      to: row.email,
      // One mail per send: each send has its own token.
      key: `invitation:${tokenHash}`,
      firmName: firm.name,
      inviterName: firm.inviterName,
      role: row.role as InvitationRole,
      link: new URL(invitationPath(token), firm.origin).toString(),
      expiresAt,
    });
    return { set: { tokenHash, sentAt, expiresAt, sendCount }, message };
  }

  async function inviterName(userId: number) {
    return (await users.summaries([userId])).get(userId)?.name ?? "A colleague";
  }

  function present(row: InvitationRow, role: FirmContext["role"], names: Map<number, { name: string }>) {
    const invitation: Invitation = {
      id: row.id,
      email: row.email,
      role: row.role as InvitationRole,
      invited_by: { id: row.invitedBy, name: names.get(row.invitedBy)?.name ?? "" },
      sent_at: row.sentAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      expired: row.expiresAt <= clock(),
      abilities: {
        revoke: canManageInvitation(role, { role: row.role as InvitationRole }),
        resend: canManageInvitation(role, { role: row.role as InvitationRole }),
      },
    };
    return invitation;
  }

  /** One pending invitation of the caller's firm that the caller may manage. */
  async function managed(ctx: FirmContext, id: number) {
    if (!canViewInvitations(ctx.role)) throw forbidden(INVITATION_MESSAGES.notAllowed);
    const [row] = await db
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, ctx.teamId)));
    if (!row || row.status === "revoked") throw notFound(INVITATION_MESSAGES.notFound);
    if (!canManageInvitation(ctx.role, { role: row.role as InvitationRole })) {
      throw forbidden(INVITATION_MESSAGES.managerInvitesMembers);
    }
    if (row.status === "accepted") throw conflict(INVITATION_MESSAGES.acceptedAlready);
    return row;
  }

  /** The invitation of a link, if it may still be accepted: 404 unknown, 409 used, 410 expired or revoked. */
  function assertUsable(row: InvitationRow | undefined): asserts row is InvitationRow {
    if (!row) throw notFound(INVITATION_MESSAGES.invalidLink);
    if (row.status === "revoked") throw gone(INVITATION_MESSAGES.revoked);
    if (row.status === "accepted") throw conflict(INVITATION_MESSAGES.accepted);
    if (row.expiresAt <= clock()) throw gone(INVITATION_MESSAGES.expired);
  }

  async function byToken(tx: Database, token: string, lock = false) {
    const query = tx
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, hashToken(token)));
    const [row] = lock ? await query.for("update") : await query;
    return row;
  }

  /**
   * In the caller's transaction, the firm locked first (the order every writer here follows),
   * then the invitation: still usable once the lock is ours.
   */
  async function lockUsable(tx: Database, token: string) {
    const [peek] = await tx
      .select({ teamId: teamInvitations.teamId })
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, hashToken(token)));
    if (!peek) throw notFound(INVITATION_MESSAGES.invalidLink);
    const seats = await firmSeats(tx, peek.teamId, { lock: true });
    const row = await byToken(tx, token, true);
    assertUsable(row);
    return { row, seats };
  }

  /** Under `lockUsable`: a seat free for one more, the membership added once, the invitation closed. */
  async function join(tx: Database, { row, seats }: Awaited<ReturnType<typeof lockUsable>>, userId: number) {
    if (await memberRole(tx, row.teamId, userId)) throw conflict(INVITATION_MESSAGES.youAreMember);
    // This invitation held a seat until now; the plan may have shrunk since it was sent.
    if (seats.members >= seats.maxUsers) {
      throw conflict(INVITATION_MESSAGES.limitAtAcceptance(seats.name, seats.maxUsers));
    }
    const role = row.role === "manager" ? "manager" : "member";
    const added = await addMember(tx, { teamId: row.teamId, userId, role });
    if (!added) throw conflict(INVITATION_MESSAGES.youAreMember);
    await tx
      .update(teamInvitations)
      .set({ status: "accepted", acceptedBy: userId, closedAt: clock() })
      .where(eq(teamInvitations.id, row.id));
    return row.teamId;
  }

  return {
    async list(ctx: FirmContext): Promise<InvitationList> {
      if (!canViewInvitations(ctx.role)) throw forbidden(INVITATION_MESSAGES.notAllowed);
      const rows = await db
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, ctx.teamId), eq(teamInvitations.status, "pending")))
        .orderBy(desc(teamInvitations.sentAt), desc(teamInvitations.id));
      const names = await users.summaries([...new Set(rows.map((r) => r.invitedBy))]);
      const seats = await firmSeats(db, ctx.teamId, { lock: false });
      const now = clock();
      const roles = invitableRoles(ctx.role);
      return {
        invitations: rows.map((row) => present(row, ctx.role, names)),
        seats: {
          members: seats.members,
          pending: rows.filter((r) => r.expiresAt > now).length,
          limit: seats.maxUsers,
        },
        abilities: { invite: roles.length > 0, invite_roles: roles },
      };
    },

    /**
     * Invites a person by email: refused for someone already in the firm, someone already
     * invited (resend instead), and past the plan's user limit. An invitation that expired
     * unanswered is renewed rather than duplicated.
     */
    async create(ctx: FirmContext, input: CreateInvitationRequest, origin: string): Promise<Invitation> {
      if (!canViewInvitations(ctx.role)) throw forbidden(INVITATION_MESSAGES.notAllowed);
      if (!canInvite(ctx.role, input.role)) throw forbidden(INVITATION_MESSAGES.managerInvitesMembers);
      const email = input.email.trim();
      // Read before the transaction: on PGlite, one connection, a query outside it would wait on it.
      const account = await users.findByEmail(email);
      const name = await inviterName(ctx.userId);
      const row = await db.transaction(async (tx) => {
        const seats = await firmSeats(tx, ctx.teamId, { lock: true });
        const [existing] = await tx
          .select()
          .from(teamInvitations)
          .where(
            and(
              eq(teamInvitations.teamId, ctx.teamId),
              eq(teamInvitations.status, "pending"),
              sameEmail(email),
            ),
          );
        if (account && (await memberRole(tx, ctx.teamId, account.id)))
          throw conflict(INVITATION_MESSAGES.alreadyMember);
        if (existing && existing.expiresAt > clock()) throw conflict(INVITATION_MESSAGES.alreadyInvited);
        const open = await openInvitations(tx, ctx.teamId);
        if (seats.members + open >= seats.maxUsers) throw conflict(INVITATION_MESSAGES.limit(seats.maxUsers));
        const firm = { name: seats.name, inviterName: name, origin };
        if (existing) {
          const send = sending({ ...existing, role: input.role }, existing.sendCount + 1, firm);
          const [renewed] = await tx
            .update(teamInvitations)
            .set({ ...send.set, role: input.role, invitedBy: ctx.userId })
            .where(eq(teamInvitations.id, existing.id))
            .returning();
          await mail.enqueue(tx, send.message);
          return renewed;
        }
        const send = sending({ email, role: input.role }, 1, firm);
        const [created] = await tx
          .insert(teamInvitations)
          .values({
            teamId: ctx.teamId,
            email,
            role: input.role,
            invitedBy: ctx.userId,
            createdAt: send.set.sentAt,
            ...send.set,
          })
          .returning();
        await mail.enqueue(tx, send.message);
        return created;
      });
      if (!row) throw new Error("invitation not saved");
      mail.sendSoon();
      return present(row, ctx.role, new Map([[ctx.userId, { name }]]));
    },

    /** Sends the invitation again with a new link (the old one stops working) and a new expiry. */
    async resend(ctx: FirmContext, id: number, origin: string): Promise<Invitation> {
      const current = await managed(ctx, id);
      const name = await inviterName(current.invitedBy);
      const row = await db.transaction(async (tx) => {
        const wait = current.sentAt.getTime() + INVITATION_RESEND_WAIT_MS - clock().getTime();
        if (wait > 0) {
          throw new AppError(429, INVITATION_MESSAGES.resendTooSoon, {
            retry_after_seconds: Math.ceil(wait / 1000),
          });
        }
        // An expired invitation held no seat: sending it again takes one.
        const seats =
          current.expiresAt <= clock()
            ? await assertSeat(tx, ctx.teamId, current.id)
            : await firmSeats(tx, ctx.teamId, { lock: true });
        const send = sending(current, current.sendCount + 1, { name: seats.name, inviterName: name, origin });
        const [sent] = await tx
          .update(teamInvitations)
          .set(send.set)
          .where(
            and(
              eq(teamInvitations.id, current.id),
              eq(teamInvitations.status, "pending"),
              eq(teamInvitations.sendCount, current.sendCount),
            ),
          )
          .returning();
        // Accepted, revoked or sent again by someone else meanwhile.
        if (!sent) throw conflict(INVITATION_MESSAGES.resendTooSoon);
        await mail.enqueue(tx, send.message);
        return sent;
      });
      mail.sendSoon();
      return present(row, ctx.role, new Map([[row.invitedBy, { name }]]));
    },

    /** Withdraws an invitation: its link stops working and its seat is free again. */
    async revoke(ctx: FirmContext, id: number): Promise<void> {
      await managed(ctx, id);
      const [revoked] = await db
        .update(teamInvitations)
        .set({ status: "revoked", closedAt: clock() })
        .where(and(eq(teamInvitations.id, id), eq(teamInvitations.status, "pending")))
        .returning({ id: teamInvitations.id });
      if (!revoked) throw conflict(INVITATION_MESSAGES.acceptedAlready);
    },

    /** What the invitation page shows: the firm, who invited, and whether the email has an account. */
    async view(token: string): Promise<PublicInvitation> {
      const row = await byToken(db, token);
      assertUsable(row);
      const seats = await firmSeats(db, row.teamId, { lock: false });
      return {
        firm_name: seats.name,
        invited_by: await inviterName(row.invitedBy),
        email: row.email,
        role: row.role as InvitationRole,
        expires_at: row.expiresAt.toISOString(),
        has_account: (await users.findByEmail(row.email)) !== undefined,
      };
    },

    /**
     * Accepts an invitation and signs the person in. A new person sets their name and a
     * password; someone who already has an account signs in with theirs (the sign-in's own
     * throttle applies). The membership is added exactly once: of two acceptances at once, one
     * joins and the other is refused (409). A refusal changes nothing.
     */
    async accept(
      token: string,
      input: AcceptInvitationRequest,
      client: { ip: string; userAgent: string },
    ): Promise<{ userId: number; teamId: number; sessionToken: string | null }> {
      const found = await byToken(db, token);
      assertUsable(found);
      const account = await users.findByEmail(found.email);
      const signIn = () => auth.signIn({ email: found.email, password: input.password, ...client });

      if (account) {
        // Their own password first: nobody joins a firm as someone else.
        const session = await signIn();
        // A second sign-in step cannot be taken on this page: the person signs in with their code
        // first. Nothing has changed yet.
        if (session.kind === "two_factor") throw conflict(INVITATION_MESSAGES.twoFactorFirst);
        try {
          const teamId = await db.transaction(async (tx) =>
            join(tx, await lockUsable(tx, token), account.id),
          );
          return { userId: account.id, teamId, sessionToken: session.token };
        } catch (error) {
          await auth.signOutToken(session.token);
          throw error;
        }
      }

      const errors = newAccountErrors(input);
      if (errors.length > 0) throw badRequest(errors[0]?.message ?? "", errors);
      const passwordHash = await hashPassword(input.password);
      const joined = await db.transaction(async (tx) => {
        const usable = await lockUsable(tx, token);
        const user = await createUser(tx, {
          email: found.email,
          passwordHash,
          firstName: input.first_name ?? "",
          lastName: input.last_name ?? "",
        });
        // Made meanwhile, by another acceptance or a sign-up: this one is refused as a whole.
        if (!user) throw conflict(INVITATION_MESSAGES.accountExists);
        return { userId: user.id, teamId: await join(tx, usable, user.id) };
      });
      const session = await signIn();
      // A firm that requires two-factor sign-in: the new person sets it up at their first sign-in.
      return { ...joined, sessionToken: session.kind === "session" ? session.token : null };
    },
  };
}

/** A new account's fields, with the spec's messages (account-area §5), every field at fault at once. */
function newAccountErrors(input: AcceptInvitationRequest): FieldError[] {
  const errors: FieldError[] = [];
  if (!input.first_name) errors.push({ field: "first_name", message: INVITATION_MESSAGES.firstName });
  if (!input.last_name) errors.push({ field: "last_name", message: INVITATION_MESSAGES.lastName });
  if (input.password.length < PASSWORD_MIN_LENGTH)
    errors.push({ field: "password", message: PASSWORD_TOO_SHORT });
  if (!input.confirm_password) errors.push({ field: "confirm_password", message: CONFIRM_PASSWORD_REQUIRED });
  else if (input.confirm_password !== input.password) {
    errors.push({ field: "confirm_password", message: CONFIRM_PASSWORD_MISMATCH });
  }
  return errors;
}
