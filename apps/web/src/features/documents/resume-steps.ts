import type { AsicMode, RegistrationResumeStep } from "@precedent/contracts";
import { type AsicStep, asicStepsFor } from "../catalogue/AsicSteps";

/** The start wizard's steps on an existing registration document, and the step it reopens at. */
export type ResumePlan = {
  /** Every step of the mode, 'Document Name & Folder Location' first, as the start wizard shows them. */
  keys: ("name" | AsicStep)[];
  /** The index of the step it reopens at: the ones before it are done. */
  start: number;
  /** The ASIC steps the person goes through now, whose answers finishing records. */
  recorded: AsicStep[];
};

/**
 * Where the wizard reopens (documents spec §4): the server names the step from the mode and the
 * document's data (`registration_step`); null when it names none, or one the mode does not run.
 */
export function resumePlanOf(mode: AsicMode | null, step: RegistrationResumeStep | null): ResumePlan | null {
  if (step === null) return null;
  const keys: ("name" | AsicStep)[] = ["name", ...asicStepsFor(mode)];
  const start = keys.indexOf(step);
  if (start < 0 || keys.length === 1) return null;
  const recorded = keys.slice(start).filter((key): key is AsicStep => key !== "name");
  return { keys, start, recorded };
}
