import type { TotpSetup } from "@precedent/contracts";
import { Flex, Typography } from "antd";

/** The secret in groups of four, as authenticator apps ask for it to be typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The QR code of a new authenticator secret, and the secret itself for typing in by hand. */
export function TotpSetupPanel({ setup }: { setup: TotpSetup }) {
  return (
    <Flex vertical align="center" gap={8} className="totp-setup">
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator
        or 1Password).
      </Typography.Paragraph>
      <img
        src={setup.qr_code}
        alt="QR code for your authenticator app"
        width={184}
        height={184}
        className="totp-setup__qr"
      />
      <Typography.Text type="secondary">Cannot scan it? Enter this key instead:</Typography.Text>
      <Typography.Text code copyable={{ text: setup.secret }} className="totp-setup__secret">
        {grouped(setup.secret)}
      </Typography.Text>
    </Flex>
  );
}
