import { z } from "zod";

/** Every API reply is `{ message, data }`; `message` is empty on success. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

/** One invalid input field, named by its dotted path in the request (`email`, `billing.postcode`). */
export const FieldError = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

/** The reply to any refused request: the message to show and, for bad input, the fields at fault. */
export const ErrorEnvelope = z.object({
  message: z.string(),
  data: z
    .object({
      errors: z.array(FieldError).optional(),
      retry_after_seconds: z.number().int().optional(),
    })
    .nullable(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Lists page as `{ rows, page, total_page, total_record }`. */
export const paged = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    page: z.number().int(),
    total_page: z.number().int(),
    total_record: z.number().int(),
  });

export type Envelope<T> = { message: string; data: T };
