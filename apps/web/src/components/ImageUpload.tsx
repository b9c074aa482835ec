import { LoadingOutlined, UploadOutlined } from "@ant-design/icons";
import {
  IMAGE_MAX_BYTES,
  IMAGE_MEDIA_TYPES,
  IMAGE_UPLOAD_MESSAGES,
  type MediaPurpose,
  type MediaUpload,
} from "@precedent/contracts";
import { App, Button, Typography, Upload } from "antd";
import { type ReactNode, useState } from "react";
import { uploadImage } from "../api/users";

type ImageUploadProps = {
  /** The firm the image is uploaded in: its members may see it. */
  teamId: number;
  purpose: MediaPurpose;
  /** What the button says ("Upload avatar", "Upload logo"). */
  label: string;
  /** The current image, shown beside the button (an Avatar, a logo). */
  preview: ReactNode;
  onUploaded: (image: MediaUpload) => void;
  disabled?: boolean;
};

const ACCEPT = ".jpg,.jpeg,.gif,.png,image/jpeg,image/gif,image/png";

/** The spec's own checks (account-area §5) before anything is sent; the server checks the bytes. */
export function imageRefusal(file: { type: string; size: number }): string | undefined {
  if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(file.type)) return IMAGE_UPLOAD_MESSAGES.wrongType;
  if (file.size >= IMAGE_MAX_BYTES) return IMAGE_UPLOAD_MESSAGES.tooLarge;
  return undefined;
}

/**
 * Upload of one image (an avatar, a firm's logo): JPEG, JPG, GIF or PNG under 2 MB, refused with
 * the spec's messages before upload; a failed upload says '{file name} file upload failed.' and
 * why, under the button.
 */
export function ImageUpload({ teamId, purpose, label, preview, onUploaded, disabled }: ImageUploadProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();

  return (
    <div className="image-upload">
      {preview}
      <div className="image-upload__control">
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          maxCount={1}
          disabled={disabled || uploading}
          beforeUpload={(file) => {
            const refusal = imageRefusal(file);
            if (refusal) {
              setProblem(refusal);
              void message.error(refusal);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            const chosen = file as File;
            setUploading(true);
            setProblem(undefined);
            uploadImage(chosen, { teamId, purpose })
              .then((image) => {
                onUploaded(image);
                onSuccess?.(image);
              })
              .catch((error: Error) => {
                void message.error(IMAGE_UPLOAD_MESSAGES.failed(chosen.name));
                setProblem(error.message);
                onError?.(error);
              })
              .finally(() => setUploading(false));
          }}
        >
          <Button
            icon={uploading ? <LoadingOutlined /> : <UploadOutlined />}
            disabled={disabled || uploading}
          >
            {label}
          </Button>
        </Upload>
        <Typography.Text type="secondary" className="image-upload__hint">
          JPEG, JPG, GIF or PNG, under 2 MB.
        </Typography.Text>
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
