import { Flex } from "antd";
import type { ReactNode } from "react";
import { BrandMark } from "./BrandMark";

/**
 * A page of its own outside the account area, in the sign-in page's card (styles.css): the pages
 * a person reaches from a link before they have a session (an invitation, a password reset).
 */
export function CardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="login-page">
      <title>{`${title} · Precedent`}</title>
      <div className="login-card">
        <Flex vertical align="center" gap={6} className="login-card__heading">
          <BrandMark size={40} />
        </Flex>
        {children}
      </div>
      <span className="login-page__footer">© {new Date().getFullYear()} Precedent</span>
    </main>
  );
}
