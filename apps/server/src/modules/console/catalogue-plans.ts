import { CONSOLE_CATALOGUE_MESSAGES as M, type UpdatePlanRequest } from "@precedent/contracts";
import { AppError, notFound } from "../../errors.ts";
import { changePlan, type PlanChange, type StaffPlan, staffPlans } from "../teams/index.ts";
import { recordAction } from "./audit.ts";
import type { CatalogueDeps } from "./catalogue.ts";
import type { StaffFacts } from "./policy.ts";

/**
 * Membership plans (issue 37 item 4): their names, prices, document limits, room for people,
 * descriptions and videos, changed by administrators only (the routes check). Each change is
 * audited with its before and after in its transaction; the plan's trigger moves the lists of
 * every firm on it at commit (migration 0067).
 *
 * Fixed here: the slug (the code's name for the plan), the billing period and pay-as-you-go —
 * the billing terms firms joined on. For the same reason a price may not cross zero: a free plan
 * stays free, a paid plan stays paid. A new price applies from the next change or renewal; Stripe
 * subscriptions already running keep the price they were taken at.
 */
export function createConsolePlans(deps: CatalogueDeps) {
  const { db, clock } = deps;

  /** The plan's editable state, as audited (without its counts and version). */
  const stateOf = ({ firms: _f, version: _v, ...state }: StaffPlan) => state;

  function changeFrom(input: UpdatePlanRequest): PlanChange {
    const change: PlanChange = {};
    if (input.name !== undefined) change.name = input.name;
    if (input.price_cents !== undefined) change.priceCents = input.price_cents;
    if (input.document_limit !== undefined) change.documentLimit = input.document_limit;
    if (input.max_users !== undefined) change.maxUsers = input.max_users;
    if (input.short_description !== undefined) change.shortDescription = input.short_description;
    if (input.video_url !== undefined) change.videoUrl = input.video_url;
    return change;
  }

  return {
    plans: async (_actor: StaffFacts) => ({ rows: await staffPlans(db) }),

    /** Changes a plan read at `input.version`, audited; refused when stale or crossing zero. */
    async updatePlan(actor: StaffFacts, id: number, input: UpdatePlanRequest): Promise<StaffPlan> {
      const after = await db.transaction(async (tx) => {
        const [before] = await staffPlans(tx, id);
        if (!before) throw notFound(M.planNotFound);
        if (before.version !== input.version) throw new AppError(409, M.stalePlan);
        const price = input.price_cents ?? before.price_cents;
        if ((price === 0) !== (before.price_cents === 0)) throw new AppError(409, M.planFreeOrPaid);
        if (!(await changePlan(tx, id, input.version, changeFrom(input))))
          throw new AppError(409, M.stalePlan);
        const [changed] = await staffPlans(tx, id);
        if (!changed) throw notFound(M.planNotFound);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "plan.changed",
          target: `plan:${id}`,
          before: stateOf(before),
          after: stateOf(changed),
        });
        return changed;
      });
      // The plan cards and membership page are among the catalogue's kept replies.
      deps.catalogueChanged?.();
      return after;
    },
  };
}

export type ConsolePlans = ReturnType<typeof createConsolePlans>;
