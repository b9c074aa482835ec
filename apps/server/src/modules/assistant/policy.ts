import { type FirmContext, isOwnerOrManager } from "../../platform/kernel/index.ts";

/**
 * Who may do what with the assistant. The assistant itself acts only through the other modules'
 * services with the person's own firm context, so their policies (documents, interview, the
 * start's plan and purchase rules) decide everything it does; these rules are the chat's own.
 */

/** A conversation is its author's alone, in the firm it was started in (anyone else: not found). */
export const canUseThread = (
  ctx: Pick<FirmContext, "teamId" | "userId">,
  thread: { teamId: number; userId: number },
) => thread.teamId === ctx.teamId && thread.userId === ctx.userId;

/**
 * The firm's switch for the assistant is its owner's or a manager's to turn: the people who read
 * the firm's whole activity log, where the assistant's use is counted.
 */
export const canChangeAssistantSettings = (ctx: Pick<FirmContext, "role">) => isOwnerOrManager(ctx);

/** Product meta the chat's start needs to refuse: the start wizard has steps the chat cannot take. */
type StartableProduct = {
  meta_data: readonly { key: string; value: string }[];
  acknowledgement: string | null;
};

/**
 * Why the chat cannot start this template and the catalogue must (null when it can): a company
 * registration runs the wizard's ASIC steps (name check, …), and an acknowledgement needs the
 * person's own tick, date and name.
 */
export function chatStartRefusal(product: StartableProduct): "asic" | "acknowledgement" | null {
  if (product.meta_data.some((m) => m.key === "asic_mode" && m.value.trim() !== "")) return "asic";
  if (product.acknowledgement?.trim()) return "acknowledgement";
  return null;
}
