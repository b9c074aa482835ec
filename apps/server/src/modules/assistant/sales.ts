import type { AssistantReply } from "@precedent/contracts";
import {
  type Config,
  DEFAULT_ASSISTANT_SALES_COURSES,
  DEFAULT_ASSISTANT_SALES_OFFERS,
} from "../../config.ts";

/**
 * The sales mode of the assistant (interview spec, "AI assistant (chat and voice)": a sales mode
 * that promotes the training courses and the Successor Director offer). What is on sale and its
 * prices come from the settings (config.ts), parsed once at start so a bad value stops the server
 * with the setting named, as the legal review fees are. The chat sells nothing: every answer links
 * to the page where a person enrols or buys.
 */

export type SalesItem = {
  id: string;
  name: string;
  /** Inc. GST. */
  priceCents: number;
  /** "per company" for an offer priced by the company; empty for a course. */
  unit: string;
  /** Where a person enrols or buys. */
  address: string;
};

export type SalesCatalogue = { courses: readonly SalesItem[]; offers: readonly SalesItem[] };

const toCents = (dollars: string, setting: string) => {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(dollars.trim()))
    throw new Error(`${setting}: "${dollars}" is not an amount in dollars (e.g. 1795 or 12.50)`);
  return Math.round(Number(dollars.trim()) * 100);
};

function parseItems(value: string, setting: string, withUnit: boolean): SalesItem[] {
  const shape = withUnit ? "id|name|dollars|unit|address" : "id|name|dollars|address";
  const items = value
    .split(";")
    .map((e) => e.trim())
    .filter(Boolean)
    .map((entry) => {
      const parts = entry.split("|").map((p) => p.trim());
      const [id = "", name = "", dollars = "", ...rest] = parts;
      const [unit, address] = withUnit ? [rest[0] ?? "", rest[1]] : ["", rest[0]];
      if (parts.length !== (withUnit ? 5 : 4) || !/^[a-z0-9-]{1,40}$/.test(id) || !name || !address)
        throw new Error(`${setting}: "${entry}" is not ${shape}`);
      let url: URL;
      try {
        url = new URL(address);
      } catch {
        throw new Error(`${setting}: "${address}" is not an address (https://…)`);
      }
      if (url.protocol !== "https:" && url.protocol !== "http:")
        throw new Error(`${setting}: "${address}" is not an http(s) address`);
      return { id, name, priceCents: toCents(dollars, setting), unit, address: url.href };
    });
  if (new Set(items.map((i) => i.id)).size !== items.length)
    throw new Error(`${setting}: two entries have the same id`);
  return items;
}

export type SalesConfig = Partial<Pick<Config, "ASSISTANT_SALES_COURSES" | "ASSISTANT_SALES_OFFERS">>;

/** The courses and offers from the settings (config.ts holds the defaults; tests pass their own). */
export function salesCatalogueOf(config: SalesConfig): SalesCatalogue {
  return {
    courses: parseItems(
      config.ASSISTANT_SALES_COURSES ?? DEFAULT_ASSISTANT_SALES_COURSES,
      "ASSISTANT_SALES_COURSES",
      false,
    ),
    offers: parseItems(
      config.ASSISTANT_SALES_OFFERS ?? DEFAULT_ASSISTANT_SALES_OFFERS,
      "ASSISTANT_SALES_OFFERS",
      true,
    ),
  };
}

/** $1,795 or $12.50: whole dollars without cents. */
export function dollars(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return `$${whole.toLocaleString("en-AU")}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

const priced = (item: SalesItem) => `${dollars(item.priceCents)}${item.unit ? ` ${item.unit}` : ""}`;
const line = (item: SalesItem) => `• ${item.name}: ${priced(item)}. Details and enrolment: ${item.address}`;

const BUYING =
  /\b(buy|purchase|pay|paying|payment|enrol|enroll|enrolling|sign me up|sign up|register|book|order)\b/;
const COURSES = /\b(course|courses|training|train|learn|cpd|workshop|class|classes)\b/;
const PRICES = /\b(price|prices|cost|costs|how much|fee|fees|expensive|cheap)\b/;

/** Significant words of a name ("Estate Planning for Advisers" → estate, planning, advisers). */
const wordsOf = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 3 && !["with", "from", "your", "advisers"].includes(w));

function mentioned(items: readonly SalesItem[], text: string): SalesItem[] {
  return items.filter((item) => text.includes(item.id) || wordsOf(item.name).some((w) => text.includes(w)));
}

const reply = (
  text: string,
  suggestions: string[],
  intent: AssistantReply["intent"] = "answer",
): AssistantReply => ({
  text,
  intent,
  template: null,
  doc_id: null,
  question: null,
  suggestions,
});

/** The sales conversation: its greeting and its answers, all from the catalogue of the settings. */
export function createSalesResponder(catalogue: SalesCatalogue) {
  const { courses, offers } = catalogue;
  const all = [...courses, ...offers];
  const suggestions = [
    ...(courses.length > 0 ? ["What courses do you run?"] : []),
    ...offers.map((o) => `What is the ${o.name} offer?`),
    "How do I enrol or buy?",
  ];

  function summary() {
    const parts: string[] = [];
    if (courses.length > 0) {
      const prices = courses.map((c) => c.priceCents);
      const low = Math.min(...prices);
      const high = Math.max(...prices);
      parts.push(
        `training courses for advisers (${low === high ? dollars(low) : `${dollars(low)} to ${dollars(high)}`})`,
      );
    }
    for (const offer of offers) parts.push(`the ${offer.name} offer (${priced(offer)})`);
    return parts.join(" and ");
  }

  const courseList = () =>
    courses.length > 0
      ? `Our training courses (prices include GST):\n${courses.map(line).join("\n")}`
      : "We have no training courses on offer at the moment.";

  return {
    greeting(): AssistantReply {
      return reply(
        all.length > 0
          ? `Hello! I can tell you about ${summary()}. What would you like to know? I cannot take payments here; I will point you to where you can enrol or buy.`
          : "Hello! We have no courses or offers on sale at the moment. I can still help you find a document: switch the chat to Assistant.",
        suggestions,
      );
    },

    answer(message: string): AssistantReply {
      const text = message.toLowerCase();
      const items = mentioned(all, text);
      if (BUYING.test(text)) {
        const chosen = items.length > 0 ? items : all;
        return reply(
          `I cannot take payments or enrolments in the chat. You can enrol or buy on these pages:\n${chosen.map(line).join("\n")}`,
          suggestions,
        );
      }
      const offersAsked = mentioned(offers, text);
      if (offersAsked.length > 0 || /\b(offer|offers|deal|successor)\b/.test(text)) {
        const shown = offersAsked.length > 0 ? offersAsked : offers;
        if (shown.length === 0) return reply("We have no offers at the moment.", suggestions);
        return reply(
          shown
            .map(
              (o) =>
                `${o.name}: ${priced(o)} (inc. GST). We prepare the documents to name who steps in as a director of your client's company, so the company is not left without one. Details and ordering: ${o.address}`,
            )
            .join("\n"),
          suggestions,
        );
      }
      const coursesAsked = mentioned(courses, text);
      if (coursesAsked.length > 0)
        return reply(`${coursesAsked.map(line).join("\n")}\nPrices include GST.`, suggestions);
      if (COURSES.test(text) || PRICES.test(text)) {
        const offerLines = offers.length > 0 ? `\nAnd our offers:\n${offers.map(line).join("\n")}` : "";
        return reply(`${courseList()}${offerLines}`, suggestions);
      }
      return reply(
        `In sales mode I answer questions about ${summary() || "our courses and offers"}. Ask me about a course, its price or how to enrol. For help with a document, switch the chat to Assistant.`,
        suggestions,
        "clarify",
      );
    },
  };
}

export type SalesResponder = ReturnType<typeof createSalesResponder>;
