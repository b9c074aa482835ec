/**
 * The waiting line in front of the worker pool: one first-in-first-out line per firm, served in
 * turn. Each firm whose line is not empty takes one task per round, so a firm that sends fifty
 * assemblies at once waits behind itself, not in front of everyone: another firm's one task is
 * at most one round away (as many tasks as there are firms waiting), whatever the first firm sent.
 */
export class FairQueue<T> {
  private readonly lines = new Map<string, T[]>();
  /** Firms with tasks waiting, in the order they are next served. */
  private readonly turns: string[] = [];
  private count = 0;

  get size() {
    return this.count;
  }

  /** How many tasks one firm has waiting. */
  waitingFor(firm: string) {
    return this.lines.get(firm)?.length ?? 0;
  }

  push(firm: string, item: T) {
    let line = this.lines.get(firm);
    if (!line) {
      line = [];
      this.lines.set(firm, line);
      // A firm that had nothing waiting joins the end of the round.
      this.turns.push(firm);
    }
    line.push(item);
    this.count++;
  }

  /** The next task: the oldest of the firm whose turn it is; that firm then goes to the back. */
  shift(): T | undefined {
    const firm = this.turns.shift();
    if (firm === undefined) return undefined;
    const line = this.lines.get(firm) as T[];
    const item = line.shift() as T;
    this.count--;
    if (line.length > 0) this.turns.push(firm);
    else this.lines.delete(firm);
    return item;
  }

  /** Takes a task out before its turn (its caller gave up); false when it is no longer waiting. */
  remove(firm: string, item: T): boolean {
    const line = this.lines.get(firm);
    const at = line?.indexOf(item) ?? -1;
    if (!line || at < 0) return false;
    line.splice(at, 1);
    this.count--;
    if (line.length === 0) {
      this.lines.delete(firm);
      this.turns.splice(this.turns.indexOf(firm), 1);
    }
    return true;
  }
}
