import { randomBytes } from "node:crypto";
import {
  CONSOLE_FIRM_MESSAGES,
  MEMBERSHIP_OF_ANOTHER_USER,
  type MembershipChange,
  type MembershipUser,
  PLAN_ALREADY_CURRENT,
  PLAN_CHANGE_FORBIDDEN,
  PLAN_NOT_FOUND,
} from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "../../db/client.ts";
import { AppError, forbidden, notFound } from "../../errors.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import { addMonths, endOfSydneyDay, sydneyDay } from "../../platform/kernel/calendar.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import {
  allPlans,
  applyPlanPeriod,
  effectivePlanStatus,
  expireEndedPlans,
  expirePlan,
  firmPlan,
  type PlanRow,
  planById,
  planBySlug,
} from "../teams/index.ts";
import type { UsersService } from "../users/index.ts";
import type { BillingPortal } from "./billing-portal.ts";
import { planCard, planMonths } from "./plan-cards.ts";
import { canChangePlan, canReadMembershipOf } from "./policy.ts";
import { billingEvents, planChanges, planSubscriptions } from "./schema.ts";

/** Where the browser returns after a plan change (the company page shows the plan card). */
export const MEMBERSHIP_RETURN_PATH = "/my-account/my-company";
export const membershipReturnPath = (outcome: "changed" | "cancelled") =>
  `${MEMBERSHIP_RETURN_PATH}?membership=${outcome}`;

/** The Lite plan's introduction video, offered on that plan (account-area §2 session modals). */
export const LITE_VIDEO_URL = "https://www.youtube-nocookie.com/embed/precedent-lite-intro";
const LITE_PLAN_SLUG = "ly-basic";

/** Stripe subscription states in which the firm is a subscriber (the portal manages its plan). */
const SUBSCRIBED = ["active", "trialing", "past_due"];

export type MembershipService = ReturnType<typeof createMembershipService>;

export function createMembershipService(deps: {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  users: UsersService;
  portal: BillingPortal;
}) {
  const { db, clock, jobs, users, portal } = deps;

  /**
   * At a plan's end date (the first moment after its last day in Sydney) the firm's plan is
   * marked expired. A renewal before then moves the end date: the job finds the plan still in
   * force and waits again for the new end. An hourly sweep catches plans given an end date any
   * other way (demo data, an operator's edit).
   */
  const expireJob = jobs.define<{ teamId: number }>(
    "membership.expire",
    async ({ teamId }) => {
      const today = sydneyDay(clock());
      const expired = await expireEndedPlans(db, today, teamId);
      if (expired.length > 0) return;
      const firm = await firmPlan(db, teamId).catch(() => undefined);
      if (firm?.planStatus === "active" && firm.planEndDate)
        await scheduleExpiry(db, teamId, firm.planEndDate);
    },
    { retries: 5 },
  );
  jobs.define("membership.expire-ended", async () => {
    await expireEndedPlans(db, sydneyDay(clock()));
  });
  jobs.every("membership.expire-ended", 60 * 60_000);

  const scheduleExpiry = (tx: Database, teamId: number, endDate: string) =>
    expireJob.enqueue({ teamId }, { tx, key: `team:${teamId}`, runAt: endOfSydneyDay(endDate) });

  /** The plan's new period from today: a month or a year; none for pay-as-you-go. */
  const periodFromToday = (plan: PlanRow) => {
    const startDate = sydneyDay(clock());
    return { startDate, endDate: plan.payg ? null : addMonths(startDate, planMonths(plan)) };
  };

  /** Applies a paid-for period to the firm and schedules its expiry, in the caller's transaction. */
  async function applyPeriod(
    tx: Database,
    teamId: number,
    plan: PlanRow,
    period: { startDate: string; endDate: string | null; newPeriod: boolean },
  ) {
    await applyPlanPeriod(tx, teamId, plan, period);
    if (period.endDate) await scheduleExpiry(tx, teamId, period.endDate);
  }

  async function subscriptionOf(teamId: number) {
    const [row] = await db.select().from(planSubscriptions).where(eq(planSubscriptions.teamId, teamId));
    return row;
  }

  async function loadChange(id: string) {
    const [change] = await db.select().from(planChanges).where(eq(planChanges.id, id));
    if (!change) throw notFound("This billing session does not exist.");
    const [plan, firm] = await Promise.all([planById(db, change.planId), firmPlan(db, change.teamId)]);
    if (!plan) throw notFound("This billing session does not exist.");
    return { change, plan, firm };
  }

  // ---- Stripe events ---------------------------------------------------------------------------

  const dateOf = (unixSeconds: number) => sydneyDay(new Date(unixSeconds * 1000));

  /** The plan a subscription pays for: its price's lookup key or metadata, else its own metadata. */
  async function planOfSubscription(tx: Database, subscription: Stripe.Subscription) {
    const price = subscription.items.data[0]?.price;
    const slug = price?.lookup_key ?? price?.metadata?.plan_slug ?? subscription.metadata?.plan_slug;
    return slug ? planBySlug(tx, slug) : undefined;
  }

  /** The firm a subscription belongs to: as recorded, or as its metadata says on its first event. */
  async function teamOfSubscription(tx: Database, subscriptionId: string, metadata: Record<string, string>) {
    const [known] = await tx
      .select({ teamId: planSubscriptions.teamId })
      .from(planSubscriptions)
      .where(eq(planSubscriptions.subscriptionId, subscriptionId));
    if (known) return known.teamId;
    const teamId = Number(metadata.team_id);
    return Number.isInteger(teamId) && teamId > 0 ? teamId : undefined;
  }

  /**
   * A subscription's paid period: the firm is put on its plan from start to end. The plan's
   * allowance starts again only for a new period or another plan, so an event told twice (or an
   * `invoice.paid` and a `customer.subscription.updated` for the same period) resets it once.
   */
  async function applySubscriptionPeriod(
    tx: Database,
    input: {
      teamId: number;
      subscriptionId: string;
      customerId: string;
      status: string;
      plan: PlanRow;
      periodStart: number;
      periodEnd: number;
    },
  ) {
    const [previous] = await tx
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.teamId, input.teamId))
      .for("update");
    const newPeriod =
      !previous ||
      previous.subscriptionId !== input.subscriptionId ||
      previous.planId !== input.plan.id ||
      previous.periodStart !== input.periodStart;
    const row = {
      teamId: input.teamId,
      customerId: input.customerId,
      subscriptionId: input.subscriptionId,
      status: input.status,
      planId: input.plan.id,
      periodStart: input.periodStart,
      updatedAt: clock(),
    };
    await tx
      .insert(planSubscriptions)
      .values(row)
      .onConflictDoUpdate({ target: planSubscriptions.teamId, set: row });
    await applyPeriod(tx, input.teamId, input.plan, {
      startDate: dateOf(input.periodStart),
      endDate: dateOf(input.periodEnd),
      newPeriod,
    });
  }

  const idOf = (value: string | { id: string } | null | undefined) =>
    typeof value === "string" ? value : (value?.id ?? "");

  async function onSubscription(tx: Database, type: string, subscription: Stripe.Subscription) {
    const metadata = subscription.metadata ?? {};
    const teamId = await teamOfSubscription(tx, subscription.id, metadata);
    if (teamId === undefined) return false;
    if (
      type === "customer.subscription.deleted" ||
      ["canceled", "unpaid", "incomplete_expired"].includes(subscription.status)
    ) {
      await tx
        .update(planSubscriptions)
        .set({ status: subscription.status, updatedAt: clock() })
        .where(eq(planSubscriptions.subscriptionId, subscription.id));
      const endedAt = subscription.ended_at ?? subscription.canceled_at;
      await expirePlan(tx, teamId, endedAt ? dateOf(endedAt) : undefined);
      return true;
    }
    if (subscription.status !== "active" && subscription.status !== "trialing") return false;
    const plan = await planOfSubscription(tx, subscription);
    const item = subscription.items.data[0];
    if (!plan || !item) return false;
    await applySubscriptionPeriod(tx, {
      teamId,
      subscriptionId: subscription.id,
      customerId: idOf(subscription.customer),
      status: subscription.status,
      plan,
      periodStart: item.current_period_start,
      periodEnd: item.current_period_end,
    });
    if (metadata.change_id) {
      await tx
        .update(planChanges)
        .set({ status: "applied", completedAt: clock() })
        .where(and(eq(planChanges.id, metadata.change_id), eq(planChanges.status, "open")));
    }
    return true;
  }

  /** A paid invoice of a subscription: its period is paid for (a renewal, or the first payment). */
  async function onInvoicePaid(tx: Database, invoice: Stripe.Invoice) {
    const details = invoice.parent?.subscription_details;
    const subscriptionId = idOf(details?.subscription);
    const line = invoice.lines?.data?.[0];
    if (!subscriptionId || !line) return false;
    const metadata = details?.metadata ?? {};
    const teamId = await teamOfSubscription(tx, subscriptionId, metadata);
    if (teamId === undefined) return false;
    const [known] = await tx
      .select({ planId: planSubscriptions.planId })
      .from(planSubscriptions)
      .where(eq(planSubscriptions.subscriptionId, subscriptionId));
    const plan = known
      ? await planById(tx, known.planId)
      : metadata.plan_slug
        ? await planBySlug(tx, metadata.plan_slug)
        : undefined;
    if (!plan) return false;
    await applySubscriptionPeriod(tx, {
      teamId,
      subscriptionId,
      customerId: idOf(invoice.customer),
      status: "active",
      plan,
      periodStart: line.period.start,
      periodEnd: line.period.end,
    });
    return true;
  }

  return {
    portal,

    /** GET /membership/user: the firm's plan as in force now, and every plan's card. */
    async membershipOf(ctx: FirmContext, userId: number): Promise<MembershipUser> {
      if (!canReadMembershipOf(ctx.userId, userId)) throw forbidden(MEMBERSHIP_OF_ANOTHER_USER);
      const [firm, plans] = await Promise.all([firmPlan(db, ctx.teamId), allPlans(db)]);
      const status = effectivePlanStatus(firm, clock());
      return {
        plan: {
          id: firm.plan.id,
          name: firm.plan.name,
          slug: firm.plan.slug,
          status,
          start_date: firm.planStartDate,
          end_date: firm.planEndDate,
          show_video: firm.plan.slug === LITE_PLAN_SLUG,
          video_url: LITE_VIDEO_URL,
        },
        plans: plans.map((plan) => planCard(plan, firm.plan.id)),
        abilities: { change: canChangePlan(ctx.role) },
      };
    },

    /**
     * POST /membership/change: where the owner or manager goes to pay for another plan, or to
     * renew the current one once it has expired. Nothing about the firm changes here: the change
     * is applied by the sandbox page's Confirm or by Stripe's signed events.
     */
    async changePlan(ctx: FirmContext, planId: number, origin: string): Promise<MembershipChange> {
      if (!canChangePlan(ctx.role)) throw forbidden(PLAN_CHANGE_FORBIDDEN);
      const plan = await planById(db, planId);
      if (!plan) throw notFound(PLAN_NOT_FOUND);
      const firm = await firmPlan(db, ctx.teamId);
      if (firm.plan.id === plan.id && effectivePlanStatus(firm, clock()) === "active") {
        throw new AppError(409, PLAN_ALREADY_CURRENT);
      }
      const returnUrl = (outcome: "changed" | "cancelled") =>
        new URL(membershipReturnPath(outcome), origin).toString();
      const subscription = portal.provider === "stripe" ? await subscriptionOf(ctx.teamId) : undefined;
      if (subscription && SUBSCRIBED.includes(subscription.status)) {
        // A subscriber changes or cancels in Stripe's portal; its events bring the change here.
        return portal.customerPortal(subscription.customerId, returnUrl("changed"));
      }
      if (portal.provider === "stripe" && plan.priceCents === 0) {
        // Pay-as-you-go needs no subscription and nothing to pay: the change is made at once.
        await db.transaction((tx) =>
          applyPeriod(tx, ctx.teamId, plan, { ...periodFromToday(plan), newPeriod: true }),
        );
        return { url: membershipReturnPath("changed") };
      }
      const id = randomBytes(24).toString("base64url");
      const email = (await users.summaries([ctx.userId])).get(ctx.userId)?.email ?? "";
      const checkout = await portal.checkout({
        changeId: id,
        teamId: ctx.teamId,
        plan,
        customerId: subscription?.customerId,
        email,
        successUrl: returnUrl("changed"),
        cancelUrl: returnUrl("cancelled"),
      });
      await db.insert(planChanges).values({
        id,
        teamId: ctx.teamId,
        userId: ctx.userId,
        planId: plan.id,
        provider: portal.provider,
        externalId: checkout.externalId,
        createdAt: clock(),
      });
      return { url: checkout.url };
    },

    /** The sandbox billing page: the change it confirms. */
    async sandboxChange(id: string) {
      const loaded = await loadChange(id);
      if (loaded.change.provider !== "sandbox") throw notFound("This billing session does not exist.");
      return {
        ...loaded,
        period: periodFromToday(loaded.plan),
        status: effectivePlanStatus(loaded.firm, clock()),
      };
    },

    /**
     * The sandbox's Confirm: the firm goes onto the plan from today, credits back to the plan's
     * limit, exactly once however many times the page is posted (one guarded update claims it).
     */
    async sandboxConfirm(id: string): Promise<{ redirect: string } | { error: string }> {
      const { change, plan } = await loadChange(id);
      if (change.provider !== "sandbox") throw notFound("This billing session does not exist.");
      const applied = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(planChanges)
          .set({ status: "applied", completedAt: clock() })
          .where(and(eq(planChanges.id, id), eq(planChanges.status, "open")))
          .returning({ id: planChanges.id });
        if (!claimed) return false;
        await applyPeriod(tx, change.teamId, plan, { ...periodFromToday(plan), newPeriod: true });
        return true;
      });
      if (!applied) return { error: "This plan change has already been completed." };
      return { redirect: membershipReturnPath("changed") };
    },

    /**
     * The operator console's change of a firm's plan (issue 37 item 5), in the console's
     * transaction (which holds the firm's row and writes the audit entry): from today, the
     * allowance started again, as a confirmed change is. A firm that pays through a Stripe
     * subscription is refused: Stripe would bill, and its next event reset, the old plan.
     */
    async changePlanByStaff(tx: Database, teamId: number, planId: number) {
      const plan = await planById(tx, planId);
      if (!plan) throw notFound(PLAN_NOT_FOUND);
      const firm = await firmPlan(tx, teamId);
      const status = effectivePlanStatus(firm, clock());
      if (firm.plan.id === plan.id && status === "active") throw new AppError(409, PLAN_ALREADY_CURRENT);
      const [subscription] = await tx
        .select({ status: planSubscriptions.status })
        .from(planSubscriptions)
        .where(eq(planSubscriptions.teamId, teamId));
      if (subscription && SUBSCRIBED.includes(subscription.status))
        throw new AppError(409, CONSOLE_FIRM_MESSAGES.paysThroughStripe);
      const period = periodFromToday(plan);
      await applyPeriod(tx, teamId, plan, { ...period, newPeriod: true });
      return {
        before: { plan: firm.plan.name, status, start_date: firm.planStartDate, end_date: firm.planEndDate },
        after: { plan: plan.name, status: "active", start_date: period.startDate, end_date: period.endDate },
      };
    },

    async sandboxCancel(id: string): Promise<string> {
      await loadChange(id);
      await db
        .update(planChanges)
        .set({ status: "cancelled", completedAt: clock() })
        .where(and(eq(planChanges.id, id), eq(planChanges.status, "open")));
      return membershipReturnPath("cancelled");
    },

    /**
     * POST /membership/stripe-webhook: the only way a Stripe subscription changes a firm's plan.
     * The signature is checked on the raw body; each event id is applied once.
     */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined) {
      const event = portal.verifyEvent(rawBody, signature);
      const subscriptionEvents = [
        "customer.subscription.created",
        "customer.subscription.updated",
        "customer.subscription.deleted",
      ];
      if (!subscriptionEvents.includes(event.type) && event.type !== "invoice.paid")
        return { applied: false };
      const applied = await db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(billingEvents)
          .values({ id: event.id, type: event.type, receivedAt: clock() })
          .onConflictDoNothing({ target: billingEvents.id })
          .returning({ id: billingEvents.id });
        if (!fresh) return false;
        if (event.type === "invoice.paid") return onInvoicePaid(tx, event.data.object as Stripe.Invoice);
        return onSubscription(tx, event.type, event.data.object as Stripe.Subscription);
      });
      return { applied };
    },
  };
}
