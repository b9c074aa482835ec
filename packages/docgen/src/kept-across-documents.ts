/**
 * Work on a piece of a document (a paragraph's lines, its inline Markdown tokens) kept for later
 * documents. Most of an adviser's deed is clauses that read the same in every document made from
 * the template, so redoing their work for each client is waste; a client's own paragraphs (names,
 * addresses) are met in one document only and must not fill the memory.
 *
 * So a piece is kept only once a second document meets it. The pieces met in one document are
 * remembered by a 32-bit hash with that document's number: a hash shared by two texts only admits
 * a piece one sighting early. Kept pieces are bounded by the characters of their keys (a caller's
 * key is its text), and the remembered hashes by their count; past either bound, all are dropped
 * and keeping starts again.
 *
 * A caller must keep nothing that holds on to its document: a key or a value built from slices of
 * the document's text keeps that whole text alive (V8's sliced strings). `offer` is told so.
 */
export class KeptAcrossDocuments<Value> {
  private readonly entries = new Map<string, Value>();
  /** Hashes of the keys seen in one document so far, with that document's number. */
  private readonly seenOnce = new Map<number, number>();
  private readonly documents = new WeakMap<object, number>();
  private nextDocument = 1;
  private held = 0;

  constructor(
    /** The most characters of keys kept at once. */
    private readonly limit: number,
    /** The most hashes remembered at once. */
    private readonly seenLimit = 100_000,
  ) {}

  get(key: string): Value | undefined {
    return this.entries.get(key);
  }

  /**
   * Offers what was just made for `key` in `document` (any object standing for one document): kept
   * if the key was met in another document before, else remembered as met in this one. `keep` makes
   * the kept key and value, called only when they are kept: it must give ones of their own, not
   * slices of the document's text.
   */
  offer(key: string, document: object, keep: () => { key: string; value: Value }): void {
    let number = this.documents.get(document);
    if (number === undefined) {
      number = this.nextDocument++;
      this.documents.set(document, number);
    }
    const hash = hashOf(key);
    const seenIn = this.seenOnce.get(hash);
    if (seenIn === undefined) {
      if (this.seenOnce.size >= this.seenLimit) this.seenOnce.clear();
      this.seenOnce.set(hash, number);
      return;
    }
    if (seenIn === number) return;
    this.seenOnce.delete(hash);
    if (this.held + key.length > this.limit) {
      this.entries.clear();
      this.held = 0;
    }
    const kept = keep();
    this.entries.set(kept.key, kept.value);
    this.held += kept.key.length;
  }

  /** How many pieces it keeps (for tests and benchmarks). */
  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.seenOnce.clear();
    this.held = 0;
  }
}

/**
 * Small work done many times in a document (a word's width or shape), in front of the work kept
 * across documents: what one document meets again (a client's name, twenty times in a deed) is made
 * once for it and forgotten with it, and kept for later documents only once a second document meets
 * it. Without this, every client's names, emails and their punctuated forms stayed in the caches,
 * some 50 kB a deed, until a cache's bound was reached thousands of deeds later.
 */
export class DocumentCache<Value> {
  private readonly ofDocument = new WeakMap<object, Map<string, Value>>();

  constructor(private readonly kept: KeptAcrossDocuments<Value>) {}

  /** The value for `key` in `document` (any object standing for one document), made by `make` at most once. */
  get(document: object, key: string, make: () => Value): Value {
    const kept = this.kept.get(key);
    if (kept !== undefined) return kept;
    let own = this.ofDocument.get(document);
    if (!own) {
      own = new Map();
      this.ofDocument.set(document, own);
    }
    if (own.has(key)) return own.get(key) as Value;
    const value = make();
    own.set(key, value);
    this.kept.offer(key, document, () => ({ key: ownString(key), value }));
    return value;
  }
}

/**
 * A copy of `text` that holds on to nothing else, for a key kept across documents. A word or a line
 * read from a document is often a slice of the document's whole text (V8 keeps a substring of 13
 * characters or more as a view into its parent), and a text built with `+` or a template string holds
 * its parts: kept as they are, one such key keeps a whole document's text alive, some 226 kB for the
 * SMSF deed, for as long as the cache keeps the key.
 */
export const ownString = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/** FNV-1a over a string's UTF-16 units: 32 bits, enough to tell pieces seen once apart. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}
