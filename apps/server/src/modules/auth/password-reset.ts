import { randomBytes } from "node:crypto";
import {
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_VALID_MINUTES,
  type PasswordResetLinkResponse,
} from "@precedent/contracts";
import { and, eq, gt, lt } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { createThrottle, type ThrottleRule } from "../../platform/throttle/index.ts";
import type { MailService } from "../mail/index.ts";
import type { UsersService } from "../users/index.ts";
import { hashPassword } from "./password.ts";
import { passwordResetMail, passwordResetPath } from "./password-reset-mail.ts";
import { passwordResets } from "./schema.ts";
import { hashToken } from "./service-deps.ts";

export type PasswordResetService = ReturnType<typeof createPasswordReset>;

const VALID_MS = PASSWORD_RESET_VALID_MINUTES * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * Requests per address and per e-mail in an hour. The address rule stops one machine mailing
 * many people; the e-mail rule stops anyone filling one person's mailbox.
 */
const PER_ADDRESS: ThrottleRule = { kind: "window", free: 10, windowMs: HOUR_MS };
const PER_EMAIL: ThrottleRule = { kind: "window", free: 3, windowMs: HOUR_MS };

const linkGone = () => new AppError(410, PASSWORD_RESET_MESSAGES.linkUsedOrExpired);

/** "a•••@firm.com.au": enough for a person to know the address is theirs, not enough to learn it. */
export function emailHint(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/**
 * "Forgot password?" (the product runs on its own, without a host site's sign-in).
 *
 * - Asking answers the same whatever the address: the request only counts itself and queues a job,
 *   and the job looks the person up and mails them. The reply cannot tell, by its words or by the
 *   work done before it, whether an account uses the address.
 * - A person has one working link at a time (a newer request replaces it); it works for an hour
 *   and once: using it deletes it in the statement that checks it, so two uses at once change the
 *   password once.
 * - A new password ends every session of the person, everywhere: whoever was signed in with the
 *   old one is out. Two-factor sign-in, when on, is still asked at the next sign-in.
 * - The link is built on the configured public origin, never on a request's Host header, which a
 *   client can set to send people a link to another site.
 */
export function createPasswordReset(deps: {
  db: Database;
  clock: Clock;
  users: UsersService;
  mail: MailService;
  jobs: JobQueue;
  publicUrl: string;
  /** Ends every session of a person (auth's sign-out). */
  endSessionsOf: (userId: number) => Promise<number>;
}) {
  const { db, clock, users, mail, jobs, publicUrl } = deps;
  const throttle = createThrottle({ db, clock });

  const sendLink = jobs.define<{ email: string; ip: string }>(
    "auth.password-reset-mail",
    async ({ email, ip }) => {
      const user = await users.findByEmail(email);
      if (!user) return;
      const token = randomBytes(32).toString("base64url");
      const tokenHash = hashToken(token);
      const createdAt = clock();
      const expiresAt = new Date(createdAt.getTime() + VALID_MS);
      await db.transaction(async (tx) => {
        // One link per person: the newest replaces any earlier one, which then stops working.
        await tx
          .insert(passwordResets)
          .values({ userId: user.id, tokenHash, createdAt, expiresAt, ip })
          .onConflictDoUpdate({
            target: passwordResets.userId,
            set: { tokenHash, createdAt, expiresAt, ip },
          });
        await mail.enqueue(
          tx,
          passwordResetMail({
            to: user.email,
            key: `password-reset:${tokenHash}`,
            link: new URL(passwordResetPath(token), publicUrl).toString(),
            expiresAt,
          }),
        );
      });
      mail.sendSoon();
    },
    { retries: 2 },
  );

  /** The reset row of a token that still works, or null. */
  async function working(token: string) {
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), gt(passwordResets.expiresAt, clock())));
    return row ?? null;
  }

  return {
    /** Counts the request, then queues the look-up and the mail. */
    async request(input: { email: string; ip: string }) {
      const email = input.email.trim().toLowerCase();
      const byAddress = await throttle.take(`password-reset:ip:${input.ip}`, PER_ADDRESS);
      const byEmail = byAddress.allowed
        ? await throttle.take(`password-reset:email:${email}`, PER_EMAIL)
        : byAddress;
      if (!byEmail.allowed) {
        throw new AppError(429, PASSWORD_RESET_MESSAGES.tooMany, {
          retry_after_seconds: byEmail.retryAfterSeconds,
        });
      }
      await sendLink.enqueue({ email, ip: input.ip });
    },

    /** What the reset page shows: whose link it is and until when. 410 once used or expired. */
    async describe(token: string): Promise<z.infer<typeof PasswordResetLinkResponse>["data"]> {
      const row = await working(token);
      const user = row ? await users.findById(row.userId) : undefined;
      if (!row || !user) throw linkGone();
      return { email_hint: emailHint(user.email), expires_at: row.expiresAt.toISOString() };
    },

    /** Sets the new password and ends every session of the person; the link is used up. */
    async choosePassword(token: string, password: string) {
      // Checked first so that a dead link is not paid for with a password hash.
      if (!(await working(token))) throw linkGone();
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        // The check and the use in one statement: of two uses at once, one finds the row.
        const [used] = await tx
          .delete(passwordResets)
          .where(and(eq(passwordResets.tokenHash, hashToken(token)), gt(passwordResets.expiresAt, clock())))
          .returning({ userId: passwordResets.userId });
        if (!used) throw linkGone();
        await users.setPasswordHash(used.userId, passwordHash, tx);
        return used.userId;
      });
      await deps.endSessionsOf(userId);
    },

    /** Removes expired links (with the sessions' purge). */
    async purgeExpired() {
      await db.delete(passwordResets).where(lt(passwordResets.expiresAt, clock()));
    },
  };
}
