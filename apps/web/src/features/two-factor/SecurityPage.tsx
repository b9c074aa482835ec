import { Typography } from "antd";
import { TwoFactorCard } from "./TwoFactorCard";

/** /my-account/security: the person's sign-in security (two-factor authentication). */
export function SecurityPage() {
  return (
    <>
      <title>Security · Precedent</title>
      <header className="page-header">
        <Typography.Title level={1} className="page-header__title">
          Security
        </Typography.Title>
      </header>
      <TwoFactorCard />
    </>
  );
}
