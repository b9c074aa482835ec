/**
 * The share certificates and registers against each row of its PRECONDITIONS.md: one certificate per
 * holding with the number of shares in the right number ("1 ordinary share … numbered 1"), a register
 * of transfers, the signers a company of its kind can use (s127), trustee and corporate holders.
 */
import { type AnswerObject, assemble } from "@precedent/docgen";
import { readObjects, readPdf, unzipText } from "@precedent/docgen/testing";
import { describe, expect, it } from "vitest";
import { type Answers, answersFor, documentText, issuesOf, loadTemplate } from "../edge-cases.ts";

const SLUG = "share-certificates-registers";
type Entry = Record<string, unknown>;
const parcelsOf = (a: Answers, member = 0) => ((a.members as Entry[])[member]?.parcels ?? []) as Entry[];

describe("the number of shares in words that agree with it", () => {
  it("one share: '1 ordinary share', 'numbered 1', never '1 ordinary shares' or '1 to 1'", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        const [parcel] = parcelsOf(a);
        if (parcel) Object.assign(parcel, { shares: 1, first_share: 1 });
      }),
    );
    expect(text).toContain("1 ordinary share (ORD), numbered 1 ");
    expect(text).not.toContain("1 ordinary shares");
    expect(text).not.toMatch(/numbered 1 to 1\b/);
    expect(text).not.toMatch(/nos 1 to 1\b/);
  });

  it("several shares: plural, and the range of numbers", () => {
    const text = documentText(SLUG, answersFor(SLUG));
    expect(text).toContain("600 ordinary shares (ORD), numbered 1 to 600");
  });
});

describe("each holding has its own certificate", () => {
  it("prints one stand-alone certificate per parcel, each on its own page with the company's execution", () => {
    const answers = answersFor(SLUG);
    const parcels = (answers.members as Entry[]).flatMap((m) => m.parcels as Entry[]);
    const text = documentText(SLUG, answers);
    expect(text.match(/SHARE CERTIFICATE No\. \d+/g)).toHaveLength(parcels.length);
    expect(text.match(/This is to certify that/g)).toHaveLength(parcels.length);
  });
});

describe("the register of transfers", () => {
  it("records each registered transfer, or that none has been registered", () => {
    expect(documentText(SLUG, answersFor(SLUG))).toContain("Register of share transfers");
    expect(documentText(SLUG, answersFor(SLUG))).toContain("No transfer of shares has been registered");
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.has_transfers = "Yes";
        a.transfers = [
          {
            date_registered: "01/05/2025",
            transferor: "Samuel Ortiz",
            transferee: "Lena Park",
            share_class: "ORD",
            shares: 1,
            consideration: 250,
            cancelled_certificate: 2,
            new_certificate: 5,
          },
        ];
      }),
    );
    expect(text).toContain("Samuel Ortiz");
    expect(text).not.toContain("No transfer of shares has been registered");
    expect(text).toMatch(/1 May 2025 \| Samuel Ortiz|1 May 2025 Samuel Ortiz/);
  });
});

describe("who signs the certificates (s127)", () => {
  it("refuses a first signer who is not a director of the company", () => {
    const issues = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        a.first_signer = "Priya Nair";
      }),
    );
    expect(issues).toEqual([
      {
        path: "first_signer",
        message:
          "The certificates are signed for the company by a director (s127 Corporations Act): name one of the company's directors.",
      },
    ]);
  });

  it("a sole director signs alone", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        const company = a.company as Entry;
        company.director_type = "sole";
        company.sole_director_name = "Lena Park";
        delete company.directors;
        a.signing_method = "sole";
        delete a.second_signer;
      }),
    );
    expect(text).toContain("Sole director");
    expect(text).not.toContain("Samuel Ortiz Director");
  });
});

describe("holders of each kind", () => {
  it("a trustee holder: held non-beneficially, the register showing no trust", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        const member = (a.members as Entry[])[0] as Entry;
        member.beneficial = "No";
      }),
    );
    expect(text).toContain("No (held non-beneficially)");
  });
});

describe("the certificates printed landscape, the registers upright (issue 30 item 11)", () => {
  /** Each page's [width, height] in points, in page order, from the page tree's /Kids and /MediaBox. */
  const pageSizes = (pdf: Uint8Array): [number, number][] => {
    const objects = readObjects(pdf);
    const tree = [...objects.values()].find((object) => /\/Type \/Pages\b/.test(object.dictionary));
    const kids = [...(/\/Kids \[([^\]]*)\]/.exec(tree?.dictionary ?? "")?.[1] ?? "").matchAll(/(\d+) 0 R/g)];
    return kids.map(([, number]) => {
      const box = /\/MediaBox \[([^\]]*)\]/.exec(objects.get(Number(number))?.dictionary ?? "")?.[1] ?? "";
      const [, , width = 0, height = 0] = box.trim().split(/\s+/).map(Number);
      return [width, height];
    });
  };

  it("sets each certificate's PDF page on its side and each Word section's orientation to match", async () => {
    const { template, sample } = loadTemplate(SLUG);
    const document = await assemble(template, sample as AnswerObject);
    const sizes = pageSizes(document.pdf);
    const pages = readPdf(document.pdf).pages;
    expect(sizes).toHaveLength(pages.length);
    const certificates = pages.flatMap((page, index) => (/SHARE CERTIFICATE No\./.test(page) ? [index] : []));
    expect(certificates.length).toBeGreaterThan(1);
    pages.forEach((_, index) => {
      const [width, height] = sizes[index] ?? [0, 0];
      if (certificates.includes(index))
        expect([width, height], `page ${index + 1}`).toEqual([841.89, 595.28]);
      else expect([width, height], `page ${index + 1}`).toEqual([595.28, 841.89]);
    });
    // Word: the registers' section ends upright, and the last (the certificates') is landscape.
    const xml = unzipText(document.docx, "word/document.xml");
    const sections = [...xml.matchAll(/<w:sectPr>.*?<w:pgSz ([^>]*)\/>/g)].map(([, size]) => size);
    expect(sections).toEqual([
      'w:w="11906" w:h="16838" w:orient="portrait"',
      'w:w="16838" w:h="11906" w:orient="landscape"',
    ]);
    // The landscape section has its own footer, its page number at the landscape page's right margin.
    const landscapeFooter =
      /<w:sectPr><w:footerReference w:type="default" r:id="([^"]+)"\/><w:pgSz w:w="16838"/.exec(xml)?.[1];
    const relationships = unzipText(document.docx, "word/_rels/document.xml.rels");
    const target = new RegExp(`Id="${landscapeFooter}"[^>]*Target="([^"]+)"`).exec(relationships)?.[1];
    expect(target).toBe("footer2.xml");
    expect(unzipText(document.docx, "word/footer2.xml")).toContain('<w:tab w:val="right" w:pos="13958"/>');
  });
});
