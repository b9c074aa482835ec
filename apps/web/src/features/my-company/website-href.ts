/** A link for the firm's website, or undefined when it is not an http(s) address. */
export function websiteHref(website: string): string | undefined {
  const text = website.trim();
  if (!text) return undefined;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
