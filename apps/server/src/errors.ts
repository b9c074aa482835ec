import type { FieldError } from "@precedent/contracts";

/**
 * The one error type of the server: an HTTP status and a message meant for the user.
 * Anything thrown that is not an AppError is logged and answered with a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: { errors?: FieldError[]; retry_after_seconds?: number } | null = null,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message = "Not found.") => new AppError(404, message);
export const forbidden = (message = "You do not have permission to do this.") => new AppError(403, message);
export const unauthorized = (message = "Please sign in.") => new AppError(401, message);
export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(400, message, errors ? { errors } : null);
