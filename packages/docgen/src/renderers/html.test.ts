import { describe, expect, it } from "vitest";
import type { DocumentModel } from "../model.ts";
import { escapeHtml, renderHtml } from "./html.ts";

describe("renderHtml", () => {
  it("escapes all text, so nothing in a document becomes markup", () => {
    const html = renderHtml({
      title: "</title><script>alert(1)</script>",
      blocks: [
        { type: "paragraph", runs: [{ text: '<img src=x onerror="alert(1)">', bold: true }], indent: 0 },
        { type: "table", header: [[{ text: "<th>" }]], rows: [[[{ text: "'&'" }]]] },
      ],
    } satisfies DocumentModel);
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("<th>&lt;th&gt;</th>");
    expect(html).toContain("<strong>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</strong>");
    expect(html).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(html).toContain("<td>&#39;&amp;&#39;</td>");
  });

  it("marks each signature box with its meta_key and date_key", () => {
    const html = renderHtml({
      title: "T",
      blocks: [
        {
          type: "execution",
          leadIn: [{ text: "Signed by Jane:" }],
          block: {
            partyId: "buyer",
            partyPath: "buyer",
            kind: "individual",
            partyName: "Jane",
            signatories: [
              {
                role: "signer",
                fullName: "Jane",
                email: null,
                capacity: "",
                metaKey: "buyer_signature",
                dateKey: "buyer_date",
              },
            ],
          },
        },
      ],
    });
    expect(html).toContain('data-meta-key="buyer_signature" data-date-key="buyer_date"');
    expect(html).toContain("Name: Jane");
  });

  it("prints a witness's address under the name, and only a witness's", () => {
    const witness = (address: string) => ({
      role: "witness" as const,
      fullName: "Gregory Tan",
      email: null,
      capacity: "Witness",
      address,
      metaKey: "buyer_witness_signature",
      dateKey: "buyer_witness_date",
      witnessOf: "buyer_signature",
    });
    const html = (address: string) =>
      renderHtml({
        title: "T",
        blocks: [
          {
            type: "execution",
            leadIn: [{ text: "Signed by Jane in the presence of:" }],
            block: {
              partyId: "buyer",
              partyPath: "buyer",
              kind: "individual",
              partyName: "Jane",
              signatories: [
                {
                  role: "signer",
                  fullName: "Jane",
                  email: null,
                  capacity: "",
                  metaKey: "buyer_signature",
                  dateKey: "buyer_date",
                },
                witness(address),
              ],
            },
          },
        ],
      });
    expect(html("9 Sample Lane <Paddington>")).toContain(
      "<p>Name: Gregory Tan</p><p>Address: 9 Sample Lane &lt;Paddington&gt;</p><p>Date:</p>",
    );
    expect(html("")).toContain("<p>Name: Gregory Tan</p><p>Address:</p><p>Date:</p>");
    expect(html("").match(/Address:/g)).toHaveLength(1);
  });

  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});
