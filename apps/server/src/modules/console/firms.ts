import {
  type ChangeFirmPlanRequest,
  CONSOLE_FIRM_MESSAGES,
  FIRM_SEARCH_LIMIT,
  type FirmSummary,
  type FirmView,
  type GrantCreditsRequest,
} from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { assistantUsageOf } from "../assistant/index.ts";
import { grantCredit } from "../credits/index.ts";
import type { MembershipService } from "../membership/index.ts";
import {
  allPlans,
  type FirmLookupRow,
  firmWithPeople,
  handOwnershipTo,
  isFirmMember,
  likePattern,
  searchFirms,
  setFirmLock,
} from "../teams/index.ts";
import { resetTwoFactorOf, twoFactorOnAmong } from "../two-factor/index.ts";
import { type UsersService, userIdsWithEmailLike } from "../users/index.ts";
import { recordAction } from "./audit.ts";
import {
  mayChangeFirmPlan,
  mayGrantCredits,
  mayTransferFirmOwnership,
  mayUse,
  type StaffFacts,
} from "./policy.ts";

/**
 * Firms and people (issue 37 item 5): find a firm, see it as its owner would, lock and unlock
 * it, reset a person's two-factor sign-in, grant credits, change its plan and hand its ownership
 * to another of its people. Each change and each opening of a
 * firm's view is in the audit log, written in the change's transaction. The firm's own modules
 * make the changes (teams, two-factor, credits); sessions end through the auth module.
 */

/** Documents left on a firm's plan: its balance, or its plan's allowance less what it used. */
const remainingOf = (firm: FirmLookupRow) =>
  firm.creditLimit ??
  (firm.documentLimit === null ? null : Math.max(0, firm.documentLimit - firm.usedCredit));

/** What the audit log keeps of a firm's lock: the state and its reason. */
const lockStateOf = (firm: FirmLookupRow) => ({
  locked: firm.lockedAt !== null,
  lock_reason: firm.lockReason,
});

export function createConsoleFirms(deps: {
  db: Database;
  clock: Clock;
  users: Pick<UsersService, "summaries">;
  /** Ends every session of a person (the auth module's). */
  endSessionsOf: (userId: number) => Promise<number>;
  /** Made after the console: asked for when a plan is changed. */
  membership: () => Pick<MembershipService, "changePlanByStaff">;
}) {
  const { db, clock, users, endSessionsOf } = deps;

  async function summaryOf(firm: FirmLookupRow, owners: Map<number, { name: string; email: string }>) {
    const owner = owners.get(firm.ownerId);
    return {
      id: firm.id,
      name: firm.name,
      abn: firm.abn,
      owner: { id: firm.ownerId, name: owner?.name ?? "", email: owner?.email ?? "" },
      plan_name: firm.planName,
      plan_status: firm.planStatus,
      locked: firm.lockedAt !== null,
    } satisfies FirmSummary;
  }

  async function requireFirm(tx: Database, teamId: number, lock = false) {
    const found = await firmWithPeople(tx, teamId, lock);
    if (!found) throw notFound(CONSOLE_FIRM_MESSAGES.firmNotFound);
    return found;
  }

  async function viewOf(actor: StaffFacts, teamId: number): Promise<FirmView> {
    const { firm, people } = await requireFirm(db, teamId);
    const ids = people.map((p) => p.userId);
    const names = await users.summaries([...new Set([...ids, firm.ownerId])]);
    const twoFactorOn = await twoFactorOnAmong(db, ids);
    const mayAct = mayUse(actor.role, "firms");
    const locked = firm.lockedAt !== null;
    const remaining = remainingOf(firm);
    const changePlan = mayChangeFirmPlan(actor.role);
    const plans = changePlan ? (await allPlans(db)).map((p) => ({ id: p.id, name: p.name })) : [];
    return {
      ...(await summaryOf(firm, names)),
      plan_end_date: firm.planEndDate,
      credits: { remaining, used: firm.usedCredit },
      locked_at: firm.lockedAt?.toISOString() ?? null,
      lock_reason: firm.lockReason,
      created_at: firm.createdAt.toISOString(),
      plan_id: firm.planId,
      assistant_usage: await assistantUsageOf(db, { teamId }),
      plans,
      people: people.map((p) => ({
        id: p.userId,
        name: names.get(p.userId)?.name ?? "",
        email: names.get(p.userId)?.email ?? "",
        role: p.role,
        two_factor_on: twoFactorOn.has(p.userId),
        abilities: {
          reset_two_factor: mayAct && twoFactorOn.has(p.userId),
          make_owner: mayTransferFirmOwnership(actor.role) && p.role !== "owner",
        },
      })),
      abilities: {
        lock: mayAct && !locked,
        unlock: mayAct && locked,
        grant_credits: mayGrantCredits(actor.role) && remaining !== null,
        change_plan: changePlan,
      },
    };
  }

  /** Locks (a reason given) or unlocks a firm; a lock ends its people's sessions. */
  async function changeLock(actor: StaffFacts, teamId: number, lock: boolean, reason: string) {
    const people = await db.transaction(async (tx) => {
      const { firm, people } = await requireFirm(tx, teamId, true);
      if (lock && firm.lockedAt !== null) throw new AppError(409, CONSOLE_FIRM_MESSAGES.alreadyLocked);
      if (!lock && firm.lockedAt === null) throw new AppError(409, CONSOLE_FIRM_MESSAGES.notLocked);
      await setFirmLock(tx, teamId, lock ? { at: clock(), reason } : null);
      await recordAction(tx, clock, {
        staffId: actor.id,
        action: lock ? "firm.locked" : "firm.unlocked",
        target: `firm:${teamId}`,
        before: lockStateOf(firm),
        after: { locked: lock, lock_reason: lock ? reason : null, reason },
      });
      return people;
    });
    // After the commit: a session opened since reads the lock and is refused (auth's sign-in).
    if (lock) for (const person of people) await endSessionsOf(person.userId);
    return viewOf(actor, teamId);
  }

  return {
    /** Firms by name, ABN or owner's email; reading a list is not audited, opening one is. */
    async search(_actor: StaffFacts, text: string) {
      const ownerIds = await userIdsWithEmailLike(db, likePattern(text), FIRM_SEARCH_LIMIT);
      const firms = await searchFirms(db, { text, ownerIds, limit: FIRM_SEARCH_LIMIT });
      const owners = await users.summaries([...new Set(firms.map((f) => f.ownerId))]);
      return { rows: await Promise.all(firms.map((f) => summaryOf(f, owners))) };
    },

    /** A firm as its owner sees it, read only; the opening is audited. */
    async view(actor: StaffFacts, teamId: number) {
      const view = await viewOf(actor, teamId);
      await recordAction(db, clock, { staffId: actor.id, action: "firm.viewed", target: `firm:${teamId}` });
      return view;
    },

    lock: (actor: StaffFacts, teamId: number, reason: string) => changeLock(actor, teamId, true, reason),
    unlock: (actor: StaffFacts, teamId: number, reason: string) => changeLock(actor, teamId, false, reason),

    /** Removes a person's authenticator (they lost it) and ends their sessions. */
    async resetTwoFactor(actor: StaffFacts, teamId: number, userId: number, reason: string) {
      await db.transaction(async (tx) => {
        await requireFirm(tx, teamId);
        if (!(await isFirmMember(tx, teamId, userId))) throw notFound(CONSOLE_FIRM_MESSAGES.personNotFound);
        if (!(await resetTwoFactorOf(tx, userId)))
          throw new AppError(409, CONSOLE_FIRM_MESSAGES.twoFactorNotOn);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "person.two_factor_reset",
          target: `user:${userId}`,
          before: { firm_id: teamId, two_factor_on: true },
          after: { firm_id: teamId, two_factor_on: false, reason },
        });
      });
      await endSessionsOf(userId);
      return viewOf(actor, teamId);
    },

    /** Adds credits to a firm's balance, once, with the reason (administrators only). */
    async grantCredits(actor: StaffFacts, teamId: number, input: GrantCreditsRequest) {
      await db.transaction(async (tx) => {
        const { firm } = await requireFirm(tx, teamId, true);
        const before = remainingOf(firm);
        if (before === null) throw new AppError(409, CONSOLE_FIRM_MESSAGES.unlimitedPlan);
        const after = await grantCredit(tx, teamId, input.credits);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "firm.credits_granted",
          target: `firm:${teamId}`,
          before: { remaining: before },
          after: { remaining: after, credits: input.credits, reason: input.reason },
        });
      });
      return viewOf(actor, teamId);
    },

    /** Puts the firm on another plan from today, with the reason (administrators only). */
    async changePlan(actor: StaffFacts, teamId: number, input: ChangeFirmPlanRequest) {
      await db.transaction(async (tx) => {
        await requireFirm(tx, teamId, true);
        const change = await deps.membership().changePlanByStaff(tx, teamId, input.plan_id);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "firm.plan_changed",
          target: `firm:${teamId}`,
          before: change.before,
          after: { ...change.after, reason: input.reason },
        });
      });
      return viewOf(actor, teamId);
    },

    /**
     * Hands the firm's ownership to one of its people, with the reason (administrators only):
     * the previous owner stays on as a manager. Sessions go on: each request reads the person's
     * role in the firm afresh, as after a transfer by the owner.
     */
    async makeOwner(actor: StaffFacts, teamId: number, userId: number, reason: string) {
      await db.transaction(async (tx) => {
        const { firm, people } = await requireFirm(tx, teamId, true);
        const person = people.find((p) => p.userId === userId);
        if (!person) throw notFound(CONSOLE_FIRM_MESSAGES.personNotFound);
        if (person.role === "owner") throw new AppError(409, CONSOLE_FIRM_MESSAGES.alreadyOwner);
        await handOwnershipTo(tx, { teamId, ownerId: firm.ownerId }, userId);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "firm.ownership_transferred",
          target: `firm:${teamId}`,
          before: { owner_id: firm.ownerId, new_owner_role: person.role },
          after: { owner_id: userId, previous_owner_role: "manager", reason },
        });
      });
      return viewOf(actor, teamId);
    },
  };
}

export type ConsoleFirms = ReturnType<typeof createConsoleFirms>;
