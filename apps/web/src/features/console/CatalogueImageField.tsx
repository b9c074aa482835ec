import { CATALOGUE_IMAGE_TYPES } from "@precedent/contracts";
import { useMutation } from "@tanstack/react-query";
import { App, Button, Flex, Typography } from "antd";
import { useId, useRef, useState } from "react";
import { isApiError } from "../../api/client";

/**
 * A product's or category's image in the console (issue 37 item 3): the current one shown with
 * its alt text, a native file input (reached and opened by keyboard) that uploads at once, and
 * Remove. The server checks the bytes; its message is shown under the field.
 */
export function CatalogueImageField({
  imageUrl,
  alt,
  upload,
  remove,
}: {
  imageUrl: string | null;
  /** What the image shows, for people who cannot see it: from the product's or category's name. */
  alt: string;
  upload: (file: File) => Promise<unknown>;
  remove: () => Promise<unknown>;
}) {
  const { message } = App.useApp();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: Error) => {
    const field = isApiError(e) ? e.fieldErrors.find((f) => f.field === "file") : undefined;
    setError(field?.message ?? e.message);
  };
  const done = (text: string) => {
    setError(null);
    if (input.current) input.current.value = "";
    void message.success(text);
  };
  const put = useMutation({
    mutationFn: upload,
    onSuccess: () => done("The image was saved."),
    onError: fail,
  });
  const take = useMutation({
    mutationFn: remove,
    onSuccess: () => done("The image was removed."),
    onError: fail,
  });
  const busy = put.isPending || take.isPending;
  return (
    <Flex vertical gap={8} className="console__image-field">
      <label htmlFor={`${id}-file`} className="console__image-label">
        Image
      </label>
      {imageUrl ? (
        <img src={imageUrl} alt={alt} className="console__image-preview" />
      ) : (
        <Typography.Text type="secondary">No image yet: firms see a plain card.</Typography.Text>
      )}
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={CATALOGUE_IMAGE_TYPES.join(",")}
        disabled={busy}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) put.mutate(file);
        }}
      />
      <Typography.Text type="secondary" id={`${id}-help`}>
        PNG, JPEG or WebP, at most 2 MB and 4000 × 4000 pixels. Choosing a file saves it at once.
      </Typography.Text>
      {error && (
        <Typography.Text type="danger" id={`${id}-error`} role="alert">
          {error}
        </Typography.Text>
      )}
      {imageUrl && (
        <Flex>
          <Button onClick={() => take.mutate()} loading={take.isPending} disabled={busy}>
            Remove the image
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
