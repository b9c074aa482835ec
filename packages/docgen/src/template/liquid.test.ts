import { describe, expect, it } from "vitest";
import { TemplateError } from "../errors.ts";
import { dropTagOnlyLines, escapeMarkdown, renderLiquid } from "./liquid.ts";

const scope = {
  buyer: {
    party_type: "individual",
    first_name: "Jane",
    last_name: "Citizen",
    street: "1 George Street",
    suburb: "Sydney",
    state: "NSW",
    postcode: "2000",
  },
  seller: { party_type: "company", name: "Acme Holdings", legal_element: "PTY LTD", acn: "004085616" },
  items: [{ name: "Ann" }, { name: "Bo" }, { name: "Cy" }],
  amount: 1234.5,
  signed_on: "01/07/2025",
  state: "WA",
};

const render = (source: string) => renderLiquid(source, scope);
const refusal = (source: string): string => {
  try {
    render(source);
  } catch (error) {
    if (error instanceof TemplateError) return error.message;
    throw error;
  }
  throw new Error(`expected ${source} to be refused`);
};

describe("the Liquid sandbox", () => {
  it.each([
    ["{{ buyer.constructor }}", "buyer.constructor"],
    ["{{ buyer.__proto__ }}", "buyer.__proto__"],
    ["{{ buyer['constructor'] }}", "buyer.constructor"],
    ["{{ buyer.first_name.constructor }}", "buyer.first_name.constructor"],
    ["{{ items.constructor.name }}", "items.constructor"],
  ])("reaches no prototype or constructor: %s", (source, variable) => {
    expect(refusal(source)).toBe(`The template uses "${variable}", which has no answer (template line 1)`);
  });

  it("gives filters no way to an inherited property either", () => {
    expect(refusal("{{ items | map: 'constructor' | first }}")).toMatch(/has no answer/);
    expect(refusal("{% assign c = items | map: 'constructor' | first %}{{ c.name }}")).toMatch(
      /has no answer/,
    );
    expect(refusal("{{ buyer | constructor }}")).toMatch(/undefined filter: constructor/);
  });

  it.each(["include", "render", "layout"])(
    "refuses {%% %s %%}: no file system, no other templates",
    (tag) => {
      expect(refusal(`{% ${tag} 'secrets' %}`)).toBe(
        `templates cannot use {% ${tag} %}: a template is one self-contained text (template line 1)`,
      );
    },
  );

  it("stops a template that runs too long or allocates too much", () => {
    // 3,000³ empty steps over one range made once: far past the render limit on any machine, and
    // charging the memory limit only 3,000. (A range written in a loop is charged at each pass:
    // 10,000 × (1..10,000) reached the memory limit first whenever the machine was fast enough.)
    expect(
      refusal(
        "{% assign a = (1..3000) %}{% for i in a %}{% for j in a %}{% for k in a %}{% endfor %}{% endfor %}{% endfor %}",
      ),
    ).toBe("The template takes more than 5 seconds to fill in: a loop runs too long (template line 1)");
    expect(refusal("{% for i in (1..100000000) %}{% endfor %}")).toMatch(
      /^The template makes more text than one document may: a loop over too many items.*\(template line 1\)$/,
    );
    expect(
      refusal(
        "{% assign x = 'aaaaaaaaaa' %}{% for i in (1..40) %}{% assign x = x | append: x %}{% endfor %}{{ x }}",
      ),
    ).toMatch(/^The template (makes more text than one document may|takes more than 5 seconds)/);
  });

  it("stops assembly instead of printing a blank when an answer is missing", () => {
    expect(refusal("Price: {{ price }}")).toBe(
      'The template uses "price", which has no answer (template line 1)',
    );
    expect(refusal("\n\n{{ buyer.middle_name }}")).toMatch(/"buyer\.middle_name".*template line 3/);
  });

  it("lets a condition test a missing answer (that is how optional answers are handled)", () => {
    expect(render("{% if buyer.middle_name %}{{ buyer.middle_name }}{% else %}none{% endif %}")).toBe("none");
  });

  it("refuses to print a whole party or list", () => {
    expect(refusal("{{ buyer }}")).toMatch(/prints a whole party or group/);
    expect(refusal("{{ items }}")).toMatch(/prints a whole list/);
  });

  it("escapes every printed answer, so an answer never becomes Markdown, a clause or a directive", () => {
    const hostile = { name: "**bold** _it_ #. ::pagebreak [#x] <script> | a | \\ `c`" };
    const printed = renderLiquid("{{ name }}", hostile);
    expect(printed).toBe(escapeMarkdown(hostile.name));
    expect(printed).not.toMatch(/(^|[^\\])[*_#:[\]<|`]/);
    expect(renderLiquid("{{ name | raw }}", hostile)).toBe(printed);
  });

  it("keeps a multi-line answer's line breaks as breaks inside the paragraph, never as new blocks", () => {
    expect(renderLiquid("{{ text }}", { text: "Line one\n\n#. Line two" })).toBe(
      "Line one\\\n\\#\\. Line two",
    );
  });

  it("has no clock: the date filter cannot print today", () => {
    expect(refusal("{{ 'now' | date }}")).toMatch(/cannot print today's date/);
  });
});

describe("the engine's filters", () => {
  it("names parties as the document states them", () => {
    expect(render("{{ buyer | party_name }}; {{ seller | party_name }}")).toBe(
      "Jane Citizen; Acme Holdings Pty Ltd ACN 004 085 616",
    );
    expect(render("{{ buyer | party_address }}")).toBe("1 George Street, Sydney NSW 2000");
  });

  it("formats dates, money, identifiers, jurisdictions and lists", () => {
    expect(render("{{ signed_on | long_date }}")).toBe("1 July 2025");
    expect(render("{{ signed_on | date: '%A, %-d %B %Y' }}")).toBe("Tuesday, 1 July 2025");
    expect(render("{{ amount | money }}")).toBe("$1,234\\.50");
    expect(render("{{ '51824753556' | abn }}")).toBe("51 824 753 556");
    expect(render("{{ '004085616' | acn }}")).toBe("004 085 616");
    expect(render("{{ state | jurisdiction }}")).toBe("Western Australia");
    expect(render("{{ items | map: 'name' | and_list }}")).toBe("Ann, Bo and Cy");
  });

  it("moves a date by whole days, across months and leap years", () => {
    expect(render("{{ signed_on | days_after: 28 | long_date }}")).toBe("29 July 2025");
    expect(render("{{ '15/02/2028' | days_after: 28 | long_date }}")).toBe("14 March 2028");
    expect(render("{{ '20/12/2025' | days_after: 28 }}")).toBe("17/01/2026");
    expect(refusal("{{ signed_on | days_after: 'soon' }}")).toMatch(/whole number of days/);
  });

  it("refuses a date that is not DD/MM/YYYY", () => {
    expect(refusal("{{ 'July 1' | long_date }}")).toMatch(/needs a date answered as DD\/MM\/YYYY/);
  });
});

describe("tag-only lines", () => {
  it("vanish with their line break, so tags on their own lines leave no gaps; line numbers stay", () => {
    const source = "A\n{% if true %}\nB\n{% endif %}\nC";
    expect(dropTagOnlyLines(source).split("\n")).toHaveLength(5);
    expect(render(source)).toBe("A\nB\nC");
  });

  it("leave inline tags and their spaces alone", () => {
    expect(render("must{% if true %} not{% endif %} disclose")).toBe("must not disclose");
  });
});
