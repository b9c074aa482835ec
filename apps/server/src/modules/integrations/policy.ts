/**
 * Who may do what with integration connections. Connections belong to the person who made them,
 * within the firm they made them in: nobody else, not even the firm's owner, uses or ends them.
 */

type Connection = { teamId: number; userId: number };
type Person = { teamId: number; userId: number };

/** A connection is the actor's own, in the firm they are acting in (anything else is not found). */
export const ownsConnection = (actor: Person, connection: Connection) =>
  connection.teamId === actor.teamId && connection.userId === actor.userId;

/** Connecting: an app that is switched on, not already connected (a renewal is a new connection). */
export const canConnect = (
  app: { enabled: boolean },
  status: "not_connected" | "connected" | "needs_renewal",
) => app.enabled && status !== "connected";

/** Disconnecting: any connection of one's own, including one that needs renewing. */
export const canDisconnect = (status: "not_connected" | "connected" | "needs_renewal") =>
  status !== "not_connected";

/**
 * Sending a registered company's certificate to CAS 360 again: through one's own connection, while
 * it works (one that needs renewing is told so, not tried and logged as a failed upload).
 */
export const canSendCertificate = (status: "connected" | "needs_renewal") => status === "connected";

/** Sync Document: through one's own working connection, to an app that takes documents. */
export const canSyncDocuments = (
  status: "not_connected" | "connected" | "needs_renewal",
  takesDocuments: boolean,
) => status === "connected" && takesDocuments;
