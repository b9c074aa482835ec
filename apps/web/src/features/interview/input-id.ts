/** A DOM id for the input of an answer path (ids must not hold brackets or dots for labels to work). */
export const inputIdOf = (path: string) => `answer-${path.replace(/[^A-Za-z0-9_-]/g, "-")}`;
