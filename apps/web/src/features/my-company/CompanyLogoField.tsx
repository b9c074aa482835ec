import type { Team } from "@precedent/contracts";
import { Form, InputNumber, Typography } from "antd";
import { useState } from "react";
import { ImageUpload } from "../../components/ImageUpload";

/**
 * The logo's place in the Company form: the firm's logo and an upload (POST /api/media, purpose
 * logo). An uploaded image's id goes into the form's `company_logo`; the server accepts only an
 * image uploaded in this firm as a logo.
 */
export function CompanyLogoField({ team }: { team: Team }) {
  const form = Form.useFormInstance();
  const [logo, setLogo] = useState(team.company_logo);
  return (
    <>
      <Form.Item name="company_logo" hidden>
        <InputNumber />
      </Form.Item>
      <Form.Item label="Logo" colon={false}>
        <ImageUpload
          teamId={team.id}
          purpose="logo"
          label="Upload logo"
          preview={
            logo ? (
              <img src={logo} alt={`${team.name} logo`} className="company-logo" />
            ) : (
              <Typography.Text type="secondary">No logo yet</Typography.Text>
            )
          }
          onUploaded={(image) => {
            setLogo(image.source_url);
            form.setFieldValue("company_logo", image.id);
          }}
        />
      </Form.Item>
    </>
  );
}
