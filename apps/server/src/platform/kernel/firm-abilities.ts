import { FIRM_ABILITY_NAMES, type FirmAbilities, type TeamRole } from "@precedent/contracts";

/**
 * What a person may do in a firm by their role alone, sent on each firm of GET /users/me so the
 * web shows exactly these and derives no role rule itself. Each rule is registered by the module
 * that enforces it on its own routes (invitations, logs, documents), from that module's entry
 * file, with the same function its policy uses: the rule exists once.
 *
 * Rules:
 * - One registration per ability; a second, or an ability the contract does not name, is refused
 *   when it is made (at start-up).
 * - Reading abilities with one missing throws: a module left out fails the first test that reads
 *   GET /users/me, not silently answers "no".
 */
export type FirmAbilityRule = (role: TeamRole) => boolean;

const rules = new Map<keyof FirmAbilities, FirmAbilityRule>();

export function registerFirmAbility(name: keyof FirmAbilities, rule: FirmAbilityRule): void {
  if (!FIRM_ABILITY_NAMES.includes(name)) throw new Error(`No firm ability named ${name} in the contract`);
  if (rules.has(name) && rules.get(name) !== rule)
    throw new Error(`Firm ability ${name} is already registered`);
  rules.set(name, rule);
}

/** The abilities of a role in a firm, every contract ability answered by its owner's rule. */
export function firmAbilitiesOf(role: TeamRole): FirmAbilities {
  const entries = FIRM_ABILITY_NAMES.map((name) => {
    const rule = rules.get(name);
    if (!rule) throw new Error(`Firm ability ${name} has no rule: its module's entry file registers it`);
    return [name, rule(role)] as const;
  });
  return Object.fromEntries(entries) as FirmAbilities;
}
