import { FIRST_SIGNING_GROUP, LAST_SIGNING_GROUP, MAX_SIGNING_GROUPS } from "@precedent/contracts";

/** A signing group of the wizard (spec §3 Signing group): its signers by meta_key. */
export type SigningGroup = {
  id: number;
  name: string;
  items: string[];
  lock_last_signing_group: boolean;
  canRemove: boolean;
};

const ORDINALS = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth"];
const ordinalName = (index: number) => `${ORDINALS[index] ?? `Group ${index + 1}`} Signing Group`;
const isDefaultName = (name: string) => name === LAST_SIGNING_GROUP || /^\w+ Signing Group$/.test(name);

/** The groups a document starts with: 'First Signing Group' and a locked 'Last Signing Group'. */
export function initialGroups(): SigningGroup[] {
  return [
    { id: 1, name: FIRST_SIGNING_GROUP, items: [], lock_last_signing_group: false, canRemove: false },
    { id: 2, name: LAST_SIGNING_GROUP, items: [], lock_last_signing_group: true, canRemove: false },
  ];
}

/** The 'Add new group' tile shows while there are fewer than 9 groups. */
export const canAddGroup = (groups: readonly SigningGroup[]) => groups.length < MAX_SIGNING_GROUPS;

/** Default names follow the order again (a renamed group keeps its name). */
function renumber(groups: SigningGroup[]): SigningGroup[] {
  return groups.map((group, index) =>
    group.lock_last_signing_group || !isDefaultName(group.name)
      ? group
      : { ...group, name: ordinalName(index) },
  );
}

/**
 * Adding turns the old Last group into the next ordinal group (it keeps its signers and becomes
 * removable) and appends a new locked Last group (spec §4). At 9 groups nothing changes.
 */
export function addGroup(groups: readonly SigningGroup[]): SigningGroup[] {
  if (!canAddGroup(groups)) return [...groups];
  const nextId = Math.max(0, ...groups.map((g) => g.id)) + 1;
  const opened = groups.map((group, index) =>
    group.lock_last_signing_group
      ? { ...group, name: ordinalName(index), lock_last_signing_group: false, canRemove: true }
      : group,
  );
  return renumber([
    ...opened,
    { id: nextId, name: LAST_SIGNING_GROUP, items: [], lock_last_signing_group: true, canRemove: false },
  ]);
}

/** Removing a group (never the locked Last or the first) releases its signers to the list. */
export function removeGroup(groups: readonly SigningGroup[], id: number): SigningGroup[] {
  const group = groups.find((g) => g.id === id);
  if (!group?.canRemove) return [...groups];
  return renumber(groups.filter((g) => g.id !== id));
}

/** Names compare ignoring case and surrounding spaces (spec §5). */
export const sameGroupName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/** Why this name cannot be this group's: blank, or another group's; null when it can. */
export function groupNameError(
  groups: readonly SigningGroup[],
  id: number,
  name: string,
): "blank" | "exists" | null {
  if (name.trim() === "") return "blank";
  if (groups.some((g) => g.id !== id && sameGroupName(g.name, name))) return "exists";
  return null;
}

export const renameGroup = (groups: readonly SigningGroup[], id: number, name: string) =>
  groups.map((g) => (g.id === id ? { ...g, name: name.trim() } : g));

/** Puts a signer in a group (out of any other). */
export const assignSigner = (groups: readonly SigningGroup[], id: number, metaKey: string) =>
  groups.map((g) => ({
    ...g,
    items:
      g.id === id ? [...g.items.filter((k) => k !== metaKey), metaKey] : g.items.filter((k) => k !== metaKey),
  }));

export const releaseSigner = (groups: readonly SigningGroup[], metaKey: string) =>
  groups.map((g) => ({ ...g, items: g.items.filter((k) => k !== metaKey) }));

/** The recipients the preview lists: duplicates (same lowercased name, email and phone) merged (§5). */
export function mergedRecipients<T extends { name: string; email: string; phone: string }>(
  people: readonly T[],
): T[] {
  const seen = new Set<string>();
  return people.filter((person) => {
    const key = [person.name, person.email, person.phone].map((v) => v.trim().toLowerCase()).join("\u0000");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** §5: the phone input keeps digits, spaces, parentheses, plus and hyphen only. */
export const stripPhone = (text: string) => text.replace(/[^\d\s()+-]/g, "");
