import { identicalNameKey } from "../name-rules.ts";

/**
 * The names on the sandbox regulator's register before any application: a few thousand realistic
 * Australian company and business names, built the same way every time from word lists (no data
 * file). The same seed always gives the same names, so tests and the demo can rely on them.
 */

const SURNAMES = [
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Johnson",
  "White",
  "Martin",
  "Anderson",
  "Thompson",
  "Nguyen",
  "Thomas",
  "Walker",
  "Harris",
  "Lee",
  "Ryan",
  "Robinson",
  "Kelly",
  "King",
  "Davis",
  "Wright",
  "Evans",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Patel",
  "Khan",
  "Lewis",
  "James",
  "Phillips",
  "Mitchell",
  "Turner",
  "Campbell",
  "Murphy",
  "OBrien",
  "Tran",
  "Chen",
  "Wang",
  "Singh",
  "McDonald",
  "Stewart",
  "Morris",
  "Cooper",
  "Baker",
  "Hughes",
  "Edwards",
  "Collins",
  "Young",
  "Scott",
  "Murray",
  "Morgan",
  "Russell",
  "Watson",
  "Bell",
  "Kennedy",
  "Price",
];

const PLACES = [
  "Sydney",
  "Melbourne",
  "Brisbane",
  "Perth",
  "Adelaide",
  "Hobart",
  "Darwin",
  "Canberra",
  "Geelong",
  "Ballarat",
  "Bendigo",
  "Newcastle",
  "Wollongong",
  "Cairns",
  "Townsville",
  "Toowoomba",
  "Launceston",
  "Mackay",
  "Rockhampton",
  "Bunbury",
  "Bundaberg",
  "Wagga Wagga",
  "Mildura",
  "Shepparton",
  "Albury",
  "Orange",
  "Dubbo",
  "Tamworth",
  "Lismore",
  "Gladstone",
  "Kalgoorlie",
  "Geraldton",
  "Mount Gambier",
  "Whyalla",
  "Alice Springs",
  "Port Macquarie",
  "Coffs Harbour",
  "Bathurst",
  "Warrnambool",
  "Devonport",
  "Riverina",
  "Gippsland",
  "Barossa",
  "Hunter Valley",
  "Sunshine Coast",
  "Gold Coast",
  "Illawarra",
  "Pilbara",
  "Kimberley",
  "Fleurieu",
];

const LANDSCAPE = [
  "Harbour",
  "Coastal",
  "Southern Cross",
  "Red Gum",
  "Wattle",
  "Bluegum",
  "Ironbark",
  "Banksia",
  "Kookaburra",
  "Outback",
  "Seaside",
  "Riverside",
  "Highland",
  "Sandstone",
  "Saltbush",
  "Bottlebrush",
  "Jacaranda",
  "Magpie",
  "Lighthouse",
  "Tidewater",
];

const TRADES = [
  "Plumbing",
  "Electrical",
  "Building",
  "Carpentry",
  "Landscaping",
  "Cleaning",
  "Roofing",
  "Painting",
  "Bakery",
  "Cafe",
  "Catering",
  "Accounting",
  "Legal",
  "Consulting",
  "Logistics",
  "Transport",
  "Engineering",
  "Earthmoving",
  "Concreting",
  "Tiling",
  "Joinery",
  "Motors",
  "Automotive",
  "Pharmacy",
  "Dental",
  "Physiotherapy",
  "Veterinary",
  "Real Estate",
  "Property",
  "Investments",
  "Holdings",
  "Developments",
  "Constructions",
  "Financial Planning",
  "Wealth Advisory",
  "Farming",
  "Pastoral",
  "Vineyards",
  "Fisheries",
  "Hospitality",
];

const SUFFIXES = [
  "",
  "",
  "",
  " Group",
  " Services",
  " Solutions",
  " Enterprises",
  " & Sons",
  " Partners",
  " Co",
];

/** A small deterministic generator (a linear congruential one), so the register is reproducible. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}

export type RegisterName = { name: string; kind: "company" | "business" };

/**
 * Names that are always on the register, whatever the seed: the ones tests, the demo and the
 * browser spec name.
 */
export const KNOWN_REGISTERED_NAMES: RegisterName[] = [
  { name: "Harbour Bakery Pty Ltd", kind: "company" },
  { name: "Smith & Sons Plumbing Pty Ltd", kind: "company" },
  { name: "Southern Cross Holdings Pty Ltd", kind: "company" },
  { name: "Geelong Electrical", kind: "business" },
];

/** `count` register names, no two identical under rule 6101, about three in four companies. */
export function registerNames(count = 3000, seed = 2001): RegisterName[] {
  const next = generator(seed);
  const pick = <T>(list: readonly T[]) => list[next(list.length)] as T;
  const names: RegisterName[] = [...KNOWN_REGISTERED_NAMES];
  const keys = new Set(names.map((entry) => identicalNameKey(entry.name)));
  while (names.length < count) {
    const shape = next(4);
    const stem =
      shape === 0
        ? `${pick(SURNAMES)} ${pick(TRADES)}`
        : shape === 1
          ? `${pick(PLACES)} ${pick(TRADES)}`
          : shape === 2
            ? `${pick(LANDSCAPE)} ${pick(TRADES)}`
            : `${pick(SURNAMES)} & ${pick(SURNAMES)} ${pick(TRADES)}`;
    const body = `${stem}${pick(SUFFIXES)}`;
    const company = next(4) !== 0;
    if (keys.has(identicalNameKey(body))) continue;
    keys.add(identicalNameKey(body));
    names.push(company ? { name: `${body} Pty Ltd`, kind: "company" } : { name: body, kind: "business" });
  }
  return names;
}
