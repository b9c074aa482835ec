/**
 * The voice interview's step indicator (interview spec §3): a window of 3 steps around the current
 * one, with the first and last as shortcuts and an ellipsis where steps are left out.
 */
export type StepMark = { kind: "step"; step: number } | { kind: "gap"; key: string };

export function stepWindow(current: number, total: number, size = 3): StepMark[] {
  if (total < 1) return [];
  const last = Math.max(total, current);
  const half = Math.floor(size / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(last, start + size - 1);
  start = Math.max(1, end - size + 1);
  const marks: StepMark[] = [];
  if (start > 1) marks.push({ kind: "step", step: 1 });
  if (start > 2) marks.push({ kind: "gap", key: "before" });
  for (let step = start; step <= end; step++) marks.push({ kind: "step", step });
  if (end < last - 1) marks.push({ kind: "gap", key: "after" });
  if (end < last) marks.push({ kind: "step", step: last });
  return marks;
}
