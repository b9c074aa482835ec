/**
 * The PDF's structure tree (the tags a screen reader follows: the document, its headings, paragraphs,
 * lists and tables), kept as plain data while the pages are painted and written as pdfkit writes it,
 * byte for byte, when the document ends.
 *
 * pdfkit's own structure elements keep, for each of a deed's elements (some 760 in the 40-page SMSF
 * deed), an object with its children and a list of content objects, each with its own list of
 * references, and a marked-content sequence is opened through its general dictionary writer; all of
 * it lives until the file ends and is then written through the same writer, value by value, three
 * pieces of bytes an element. That was a fifth of what an assembly of the deed allocated (3.8 of
 * 18.3 MB) and some 8% of its CPU time. Here an element is its type, its object's number, its
 * parent's and its children, a sequence is one string, and the elements are written as one piece:
 * the assembly allocates 16.3 MB.
 *
 * What stays pdfkit's: the structure tree's root (with the parent tree of each page's sequences,
 * which pdfkit numbers as pages are added), the document's MarkInfo, and artifacts (marked by the
 * painter with pdfkit's markContent). The elements are written where pdfkit would write them: right
 * after the tree's root, each after its children, in the order they were added.
 */

import type { StructureNode } from "./pdf-layout.ts";

/** The parts of a pdfkit reference this uses; pdfkit does not document them. */
type PdfkitReference = {
  readonly id: number;
  offset?: number;
  readonly data: Record<string, unknown>;
  end(chunk?: unknown): void;
};

/** The parts of a pdfkit document this uses; pdfkit does not document them. */
type PdfkitMarkings = {
  ref(data?: object): PdfkitReference;
  _write(data: string): void;
  readonly _offset: number;
  _refEnd(reference: PdfkitReference): void;
  getStructTreeRoot(): PdfkitReference;
  getStructParentTree(): { get(key: number): PdfkitReference[] | undefined };
  addContent(data: string): unknown;
  readonly page: {
    readonly dictionary: PdfkitReference;
    readonly structParentTreeKey: number;
    readonly markings: { tag: string; options?: object }[];
  };
};

/** A marked-content sequence of an element: the page it is on and its number there. */
type Content = { readonly page: number; readonly mcid: number };

type Element = {
  readonly reference: PdfkitReference;
  readonly type: string;
  /** The object number of its parent: another element, or the tree's root. */
  readonly parent: number;
  /** Its child elements and its own sequences, in the order they were added. */
  readonly kids: (Element | Content)[];
};

export class StructureTree {
  private readonly doc: PdfkitMarkings;
  private readonly root: Element;
  private readonly elements = new Map<StructureNode, Element>();

  constructor(document: PDFKit.PDFDocument) {
    const doc = document as unknown as PdfkitMarkings;
    for (const member of ["ref", "_write", "_refEnd", "getStructTreeRoot", "getStructParentTree"] as const) {
      if (typeof doc[member] !== "function") {
        throw new Error(
          `This pdfkit has no ${member}: the structure tree is written with it (pdf-structure.ts)`,
        );
      }
    }
    this.doc = doc;
    const treeRoot = doc.getStructTreeRoot();
    this.root = { reference: doc.ref({ S: "Document" }), type: "Document", parent: treeRoot.id, kids: [] };
    treeRoot.data.K = [this.root.reference];
    // The elements follow the tree's root in the file, as pdfkit's own would.
    const end = treeRoot.end.bind(treeRoot);
    treeRoot.end = (chunk?: unknown) => {
      end(chunk);
      this.writeElements();
    };
  }

  /**
   * Opens a marked-content sequence on the current page as part of `node`'s element (made, and added
   * to its parent's, when first used), as pdfkit's markStructureContent does: numbered after the
   * page's sequences so far, and named in the page's entry of the parent tree.
   */
  markContent(node: StructureNode): void {
    const element = this.element(node);
    const { page } = this.doc;
    const sequences = this.doc.getStructParentTree().get(page.structParentTreeKey);
    if (!sequences) throw new Error("The page has no entry in the structure's parent tree");
    const mcid = sequences.length;
    sequences.push(element.reference);
    page.markings.push({ tag: node.type, options: { mcid } });
    this.doc.addContent(`/${node.type} <<\n/MCID ${mcid}\n>> BDC`);
    element.kids.push({ page: page.dictionary.id, mcid });
  }

  private element(node: StructureNode): Element {
    let element = this.elements.get(node);
    if (!element) {
      // Numbered before its parent is looked for (and made, numbered after it), as pdfkit's were.
      const reference = this.doc.ref({ S: node.type });
      const parent = node.parent ? this.element(node.parent) : this.root;
      element = { reference, type: node.type, parent: parent.reference.id, kids: [] };
      parent.kids.push(element);
      this.elements.set(node, element);
    }
    return element;
  }

  /**
   * Writes the elements, each after its children: each as pdfkit's convert gives its dictionary,
   * and all of them as one piece (pdfkit's writer ends each piece with a newline, as it would have
   * ended each of an object's three lines), each object's offset counted from where the piece starts.
   */
  private writeElements(): void {
    const objects: string[] = [];
    const references: PdfkitReference[] = [];
    let offset = this.doc._offset;
    const write = (element: Element): void => {
      const kids: string[] = [];
      let page: number | undefined;
      for (const kid of element.kids) {
        if ("reference" in kid) {
          write(kid);
          kids.push(`${kid.reference.id} 0 R`);
        } else {
          // The element's page is its first sequence's; a sequence on another page names its own.
          page ??= kid.page;
          kids.push(
            kid.page === page ? `${kid.mcid}` : `<<\n/Type /MCR\n/Pg ${kid.page} 0 R\n/MCID ${kid.mcid}\n>>`,
          );
        }
      }
      const onPage = page === undefined ? "" : `\n/Pg ${page} 0 R`;
      const { reference } = element;
      const object = `${reference.id} 0 obj\n<<\n/S /${element.type}\n/P ${element.parent} 0 R\n/K [${kids.join(" ")}]${onPage}\n>>\nendobj`;
      reference.offset = offset;
      // Every character is ASCII (numbers and the layout's type names): one byte each.
      offset += object.length + 1;
      objects.push(object);
      references.push(reference);
    };
    write(this.root);
    this.doc._write(objects.join("\n"));
    for (const reference of references) this.doc._refEnd(reference);
  }
}
