/**
 * The cover page of a document whose interview asks for one (`cover: true`, as the deeds do): the
 * title, and the parties who sign it. Built from the execution blocks, so a template's text needs
 * nothing for it; trustees of one trust are named together, "A and B as trustees for the X Trust".
 */
import type { Block } from "./model.ts";
import { joinAnd } from "./naming.ts";
import type { ExecutionBlock } from "./signers.ts";

/** The parties a cover names, each once, in the order they sign. */
export function coverParties(blocks: readonly ExecutionBlock[]): string[] {
  const parties: string[] = [];
  const trustees = new Map<string, string[]>();
  for (const block of blocks) {
    if (block.trusteeFor === undefined) {
      parties.push(block.partyName);
      continue;
    }
    const key = `${block.partyId}\u0000${block.trusteeFor}`;
    const names = trustees.get(key);
    if (names) {
      names.push(block.partyName);
      continue;
    }
    const group = [block.partyName];
    trustees.set(key, group);
    // Named once all its trustees are known: the entry is filled in below, in the first trustee's place.
    parties.push(key);
  }
  const named = parties.map((entry) => {
    const group = trustees.get(entry);
    if (!group) return entry;
    const trust = entry.slice(entry.indexOf("\u0000") + 1);
    return `${joinAnd(group)} as ${group.length > 1 ? "trustees" : "trustee"} for ${trust}`;
  });
  return [...new Set(named)];
}

/** The blocks with a cover page first, when the interview asks for one. */
export function withCover(
  blocks: readonly Block[],
  cover: {
    readonly wanted: boolean | undefined;
    readonly title: string;
    readonly executionBlocks: readonly ExecutionBlock[];
  },
): Block[] {
  if (!cover.wanted) return [...blocks];
  return [{ type: "cover", title: cover.title, parties: coverParties(cover.executionBlocks) }, ...blocks];
}
