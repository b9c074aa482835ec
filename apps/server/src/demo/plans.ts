import type { plans } from "../modules/teams/index.ts";

/** The three membership plans of the specification (account-area §9), prices in AUD cents. */
export const MEMBERSHIP_PLANS: (typeof plans.$inferInsert)[] = [
  {
    slug: "ly-basic",
    name: "Lite",
    priceCents: 0,
    duration: "",
    payg: true,
    documentLimit: null,
    maxUsers: 1,
    shortDescription: "Pay as you go: buy each document as you need it.",
    sortOrder: 1,
    // Our own short tour, served by the product with its captions beside it (no third-party
    // player or tracker).
    videoUrl: "/media/lite-plan-intro.webm",
  },
  {
    slug: "best-practice",
    name: "Best Practice",
    priceCents: 33_000,
    duration: "month",
    payg: false,
    documentLimit: 200,
    maxUsers: 5,
    shortDescription: "200 documents a year for a team of up to 5.",
    sortOrder: 2,
  },
  {
    slug: "strategist",
    name: "Strategist",
    priceCents: 79_500,
    duration: "month",
    payg: false,
    documentLimit: null,
    maxUsers: 10,
    shortDescription: "Unlimited documents for a team of up to 10.",
    sortOrder: 3,
  },
];
