import type { AsicMode, RegistrationResumeStep } from "@precedent/contracts";
import { type AsicStep, asicStepsFor } from "../catalogue/AsicSteps";

/** A step of the reopened wizard: the name, the mode's ASIC steps, and the acknowledgement last. */
export type ResumeStepKey = "name" | AsicStep | "acknowledgement";

/** The start wizard's steps on an existing registration document, and the step it reopens at. */
export type ResumePlan = {
  /** Every step of the mode, 'Document Name & Folder Location' first, as the start wizard shows them. */
  keys: ResumeStepKey[];
  /** The index of the step it reopens at: the ones before it are done. */
  start: number;
  /** The ASIC steps the person goes through now, whose answers finishing records. */
  recorded: AsicStep[];
};

/**
 * Where the wizard reopens (documents spec §4): the server names the step from the mode and the
 * document's data (`registration_step`); null when it names none, or one the mode does not run.
 * `acknowledgement` is the text the server still asks to accept (`asic_acknowledgement`): its
 * step ends the wizard, as step 4 ends the start wizard ("only when the document carries an
 * acknowledgement text").
 */
export function resumePlanOf(
  mode: AsicMode | null,
  step: RegistrationResumeStep | null,
  acknowledgement: string | null = null,
): ResumePlan | null {
  if (step === null || mode === null) return null;
  const keys: ResumeStepKey[] = [
    "name",
    ...asicStepsFor(mode),
    ...(acknowledgement !== null ? (["acknowledgement"] as const) : []),
  ];
  const start = keys.indexOf(step);
  if (start < 0 || keys.length === 1) return null;
  const recorded = keys
    .slice(start)
    .filter((key): key is AsicStep => key !== "name" && key !== "acknowledgement");
  return { keys, start, recorded };
}
