const dollars = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** Cents as dollars, as the console shows a price: 9900 → "$99.00". */
export const formatAud = (cents: number) => dollars.format(cents / 100);
